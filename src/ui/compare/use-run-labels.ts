// The session's run labels as the run switchers and Compare show them, kept current as runs go and end.
import { useMemo } from 'react';
import type { BranchInfo } from '../../protocol/debug-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { RunView } from '../../store/run-view';
import { labelRuns, type LiveRunState, type RunLabelStyle } from './run-labels';

const clock = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const dated = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "14:02:31" today, "Nov 29, 14:02:31" another day; "unknown time" for a time that is none. */
export function formatRunTime(at: number, now = Date.now()): string {
  if (!Number.isFinite(at) || at <= 0) return 'unknown time';
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return (sameDay ? clock : dated).format(at);
}

/** True when any round of the view carries a person's edit (its request, a call, an app call). */
function hasEdits(rounds: RunView['rounds']): boolean {
  return rounds.some(
    (round) =>
      (round.edits?.length ?? 0) > 0 ||
      round.toolCalls.some((call) => (call.edits?.length ?? 0) > 0) ||
      (round.appCalls ?? []).some((call) => (call.edits?.length ?? 0) > 0),
  );
}

function liveState(
  phase: RunView['phase'],
  paused: boolean,
  finishReason: string | null,
  edited: boolean,
): LiveRunState | null {
  if (phase === 'idle') return null;
  if (phase === 'running') return { phase: paused ? 'paused' : 'running', edited };
  return { phase: 'ended', finishReason, edited };
}

/** A distinct label per run of the session (see `labelRuns`). */
export function useRunLabels(style: RunLabelStyle): Map<string, string> {
  const runs = useLoupeStore((state) => state.sessionRuns);
  const stored = useLoupeStore((state) => state.sessionBranches);
  const family = useLoupeStore((state) => state.debug.branches);
  const views = useLoupeStore((state) => state.debug.branchViews);
  // The shown run changes with every delta: only its phase, pause and ending are read here.
  const shownId = useLoupeStore((state) => state.runView.runId);
  const phase = useLoupeStore((state) => state.runView.phase);
  const paused = useLoupeStore((state) => state.runView.pause !== undefined);
  const finishReason = useLoupeStore((state) => state.runView.finishReason);
  // Only whether the shown run has an edit, not its rounds: a boolean keeps this hook off every delta.
  const edited = useLoupeStore((state) => hasEdits(state.runView.rounds));
  return useMemo(() => {
    const live = new Map<string, LiveRunState>();
    for (const view of Object.values(views)) {
      const state = liveState(view.phase, view.pause !== undefined, view.finishReason, hasEdits(view.rounds));
      if (state !== null && view.runId !== null) live.set(view.runId, state);
    }
    const current = liveState(phase, paused, finishReason, edited);
    if (current !== null && shownId !== null) live.set(shownId, current);
    const inFamily = new Set(family.map((branch) => branch.runId));
    const branches: BranchInfo[] = [...stored.filter((branch) => !inFamily.has(branch.runId)), ...family];
    return labelRuns({ runs, branches, live, formatTime: (at) => formatRunTime(at) }, style);
  }, [runs, stored, family, views, shownId, phase, paused, finishReason, edited, style]);
}
