// The calls an MCP App made, under its frame, from the run's log: each with its status, input and result,
// its edits, and the debugger's pause panel while it is held (breakpoint, step mode, approval).
import type { AppCallView } from '../../store/run-view';
import { EditChips } from '../debugger/debug-marks';
import { PausePanel } from '../debugger/pause-panel';
import { StatusBadge } from '../common/status-badge';
import { CallLog } from '../timeline/call-log';
import { CallProgress } from '../timeline/call-progress';
import { monoBlockClass } from '../common/styles';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { appCallWord, CUT_BY_RELOAD_NOTE } from './app-call-word';

const toneOf = (word: string) =>
  word === 'ok'
    ? ('ok' as const)
    : word === 'running' || word === 'held' || word === 'interrupted'
      ? ('busy' as const)
      : ('error' as const);

/** The result's text as the timeline shows it (images and documents as a word). */
function describeContent(call: AppCallView): string {
  const text = call.content
    .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n')
    .trim();
  return text === '' && call.structuredContent !== undefined ? JSON.stringify(call.structuredContent) : text;
}

export function AppCallList({ appName, calls, notice }: { appName: string; calls: AppCallView[]; notice?: string }) {
  const held = useLoupeStore((state) => {
    const pending = state.debug.pending;
    return pending !== null && (pending.kind === 'before-tool' || pending.kind === 'after-tool')
      ? pending.callId
      : undefined;
  });
  // The shown run was cut by a reload and waits for Resume or End here: its open app calls are not running.
  const cutByReload = useLoupeStore((state) => state.sessionNotice?.resumable === true);
  if (calls.length === 0 && notice === undefined) return null;
  return (
    <>
      {calls.length > 0 && (
        <ol aria-label={`Calls from the app ${appName}`} className="mt-2 space-y-1.5">
          {calls.map((call) => {
            const word = appCallWord(call, held, cutByReload);
            const running = word === 'running' || word === 'held';
            const outcome = running ? '' : describeContent(call);
            // Names its progress bar and server log apart from a model's call of the same tool.
            const label = `${call.toolName} from the app`;
            return (
              <li
                key={call.callId}
                aria-label={`${call.toolName} from the app ${word}`}
                className="rounded border border-zinc-200 p-2 text-xs dark:border-zinc-800"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-semibold">{call.toolName}</span>
                  <span className="text-zinc-600 dark:text-zinc-400">called by the app</span>
                  <StatusBadge tone={toneOf(word)}>{word}</StatusBadge>
                  {call.endedAt !== undefined && (
                    <span className="text-zinc-600 dark:text-zinc-400">{call.endedAt - call.startedAt} ms</span>
                  )}
                  <EditChips edits={call.edits} />
                </div>
                <pre aria-label="App call input" className={`${monoBlockClass} mt-1`}>
                  {JSON.stringify(call.input)}
                </pre>
                {running && call.progress !== undefined && (
                  <div className="mt-1">
                    <CallProgress progress={call.progress} name={label} startedAt={call.startedAt} />
                  </div>
                )}
                {word === 'interrupted' && (
                  <p className="mt-1 text-amber-800 dark:text-amber-300">{CUT_BY_RELOAD_NOTE}</p>
                )}
                {outcome !== '' && (
                  <pre aria-label="App call result" className={`${monoBlockClass} mt-1`}>
                    {outcome}
                  </pre>
                )}
                <CallLog call={{ ...call, name: label }} running={running} />
                <PausePanel slot={{ callId: call.callId }} />
              </li>
            );
          })}
        </ol>
      )}
      {notice !== undefined && <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">{notice}</p>}
    </>
  );
}
