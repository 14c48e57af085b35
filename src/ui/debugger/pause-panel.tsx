// The pause, shown at the thing it holds: the round's request or reply, or the call's input or result.
// It scrolls into view and takes focus (the editor, or the panel when there is nothing to edit).
import { useEffect, useRef } from 'react';
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { LoupeState } from '../../store/loupe-state';
import { PauseIcon } from '../common/icons';
import { JsonValue } from '../json-viewer/json-value';
import { describePausePoint, describeReason } from './describe-pause';
import { pauseShowsIn, type PauseSlot } from './pause-slot';
import { RequestPauseEditor } from './request-pause-editor';
import { ToolInputPauseEditor } from './tool-input-pause-editor';
import { ToolResultPauseEditor } from './tool-result-pause-editor';
import { useRoundOffset } from '../timeline/use-round-offset';

function PendingItem({ point }: { point: PausePoint }) {
  switch (point.kind) {
    case 'before-request':
      return <RequestPauseEditor point={point} />;
    case 'after-reply':
      return (
        <div className="space-y-1">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Stop reason <span className="font-mono">{point.stopReason ?? 'none'}</span>. The reply as committed:
          </p>
          <JsonValue value={point.message.content} label="The reply as committed" />
        </div>
      );
    case 'before-tool':
      return <ToolInputPauseEditor point={point} />;
    case 'after-tool':
      return <ToolResultPauseEditor point={point} />;
  }
}

const noCards = { rounds: [], calls: [] };

function pendingIn(state: LoupeState, slot: PauseSlot): PausePoint | null {
  const pending = state.runView.phase === 'running' ? state.debug.pending : null;
  if (pending === null) return null;
  const shown =
    slot === 'page'
      ? {
          rounds: state.runView.rounds.map((round) => round.round),
          calls: state.runView.rounds.flatMap((round) => round.toolCalls.map((call) => call.callId)),
        }
      : noCards;
  return pauseShowsIn(pending, slot, shown) ? pending : null;
}

/** The pause as a panel in `slot`, or nothing when the pause (if any) shows elsewhere. */
export function PausePanel({ slot }: { slot: PauseSlot }) {
  const point = useLoupeStore((state) => pendingIn(state, slot));
  if (point === null) return null;
  // A new pause gets a fresh panel (editors, scroll, focus): keyed by the pause id.
  return <PausePanelBody key={point.pauseId} point={point} />;
}

function PausePanelBody({ point }: { point: PausePoint }) {
  const error = useLoupeStore((state) => state.debug.error);
  const draft = useLoupeStore((state) => state.debug.draft);
  const offset = useRoundOffset();
  const ref = useRef<HTMLElement>(null);
  const editable = point.kind !== 'after-reply';

  useEffect(() => {
    const panel = ref.current;
    if (panel === null) return;
    panel.scrollIntoView({ block: 'nearest' });
    // With an editor, the editor takes focus when it mounts (it may load later); otherwise the panel does.
    if (!editable) panel.focus({ preventScroll: true });
  }, [editable]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Paused step"
      className="scroll-mt-24 scroll-mb-16 rounded-lg border-2 border-amber-400 bg-amber-50/40 p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 dark:border-amber-500/50 dark:bg-amber-500/5"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          <PauseIcon className="size-3 text-amber-700 dark:text-amber-400" />
          Paused {describePausePoint(point, offset)}
        </h2>
        {point.reasons.map((reason) => (
          <span
            key={describeReason(reason)}
            className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-200"
          >
            {describeReason(reason)}
          </span>
        ))}
      </div>
      <PendingItem point={point} />
      {draft !== null && draft.problems.length > 0 && (
        <ul aria-label="Edit problems" className="mt-2 list-disc pl-5 text-xs text-red-700 dark:text-red-400">
          {draft.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {error !== null && (
        <p
          role="alert"
          className="mt-2 rounded-md bg-red-50 p-2 text-xs text-red-800 dark:bg-red-500/10 dark:text-red-300"
        >
          {error}
        </p>
      )}
    </section>
  );
}
