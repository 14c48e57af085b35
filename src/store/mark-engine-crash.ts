// The engine worker died: a running run can no longer finish, so it ends here as interrupted.
import { settleUnfinishedRound } from './apply-run-event';
import type { RunView } from './run-view';

/** The alert shown when the engine worker crashed; `reason` is the worker's error in plain words. */
export function describeEngineCrash(reason: string): string {
  return `The engine stopped unexpectedly (${reason}). Reload to restore the last checkpoint — nothing saved is lost.`;
}

/**
 * The run view after a crash: a running run ends with an error, and its unfinished round is marked
 * interrupted (like a run restored from a checkpoint). Runs that already ended are left alone.
 */
export function markEngineCrash(view: RunView, reason: string): RunView {
  if (view.phase !== 'running') return view;
  const { pause: _held, ...rest } = view;
  const rounds = view.rounds.map((round) =>
    settleUnfinishedRound(round.endedAt === undefined ? { ...round, interrupted: true } : round, 'error'),
  );
  return {
    ...rest,
    rounds,
    phase: 'ended',
    finishReason: 'error',
    error: { message: `Interrupted: the engine stopped unexpectedly (${reason}).` },
  };
}
