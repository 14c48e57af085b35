// "Messages so far": the exact history the next model request will carry — with a compaction in force, the
// compacted one the worker sends, not the full one the timeline shows. Viewable at a pause and after a run;
// one foldable monospace JSON block per message, each copyable.
import { useEffect, useId, useState } from 'react';
import type { MessagesSoFar } from '../../engine/debug/messages-so-far';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { CopyButton } from '../common/copy-button';
import { monoBlockClass, panelClass, smallButtonClass } from '../common/styles';
import { describeMessage } from './describe-message';

type Loaded =
  { status: 'loading' } | { status: 'loaded'; value: MessagesSoFar } | { status: 'failed'; message: string };
type Answer = Exclude<Loaded, { status: 'loading' }> & { key: string };

function useMessagesSoFar(open: boolean): { shown: boolean; loaded: Loaded | null } {
  const runId = useLoupeStore((state) => state.runView.runId);
  const phase = useLoupeStore((state) => state.runView.phase);
  const pauseId = useLoupeStore((state) => state.runView.pause?.pauseId);
  const rounds = useLoupeStore((state) => state.runView.rounds.length);
  const load = useLoupeStore((state) => state.loadMessagesSoFar);
  const shown = runId !== null && (phase === 'ended' || pauseId !== undefined);
  // What the answer is for: a late answer for an earlier pause (or run) never stands for the current one.
  const key = `${runId}|${phase}|${pauseId}|${rounds}`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!open || !shown) return;
    let current = true;
    load().then(
      (value) => current && setAnswer({ key, status: 'loaded', value }),
      (error: unknown) =>
        current &&
        setAnswer({ key, status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [open, shown, key, load]);
  const loaded: Loaded | null = !open ? null : answer?.key === key ? answer : { status: 'loading' };
  return { shown, loaded };
}

function Notes({ value }: { value: MessagesSoFar }) {
  return (
    <p className="text-xs text-zinc-700 dark:text-zinc-300">
      {value.messages.length} {value.messages.length === 1 ? 'message' : 'messages'}, the history the next request
      carries, as the loop hands it to the provider.
      {value.compacted &&
        ` A compaction is in force: the full history holds ${value.fullCount} messages; the older ones go as the summary at the start.`}
      {value.pendingCalls > 0 &&
        ` ${value.pendingCalls} tool ${value.pendingCalls === 1 ? 'result is' : 'results are'} still to come: ${value.pendingCalls === 1 ? 'it joins' : 'they join'} the next request after the last message.`}
    </p>
  );
}

export function MessagesSoFarPanel() {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const { shown, loaded } = useMessagesSoFar(open);
  if (!shown) return null;
  return (
    <div className={`${panelClass} !py-2`}>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={smallButtonClass}
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'} </span>
          Messages so far
        </button>
        {open && loaded?.status === 'loaded' && (
          <CopyButton label="Copy every message" text={() => JSON.stringify(loaded.value.messages, null, 2)} />
        )}
      </div>
      <section id={regionId} aria-label="Messages so far" hidden={!open} className="mt-2 space-y-2">
        {loaded?.status === 'loading' && (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Reading the history…</p>
        )}
        {loaded?.status === 'failed' && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            Could not read the messages so far: {loaded.message}
          </p>
        )}
        {loaded?.status === 'loaded' && (
          <>
            <Notes value={loaded.value} />
            {/* Bounded: a long history scrolls here instead of pushing the paused card below the fold. */}
            <ol aria-label="Messages" className="max-h-[45vh] space-y-1 overflow-y-auto overscroll-contain">
              {loaded.value.messages.map((message, index) => (
                <li key={index} className="flex items-start gap-1 text-xs">
                  <details className="min-w-0 flex-1" open={index === loaded.value.messages.length - 1}>
                    <summary className="cursor-pointer font-mono select-none">
                      {describeMessage(message, index)}
                    </summary>
                    <pre className={monoBlockClass}>{JSON.stringify(message, null, 2)}</pre>
                  </details>
                  <CopyButton label={`Copy message ${index + 1}`} text={() => JSON.stringify(message, null, 2)} />
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </div>
  );
}
