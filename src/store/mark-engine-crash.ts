// The engine worker died or hung: a running run can no longer finish, so it ends here as interrupted.
import { settleUnfinishedRound } from './apply-run-event';
import type { RunView } from './run-view';

/**
 * The alert shown when the engine worker crashed or hung; `reason` is what happened in plain words;
 * `restarting` says whether the client is already starting a new engine.
 */
export function describeEngineCrash(reason: string, restarting = false): string {
  return restarting
    ? `The engine stopped unexpectedly (${reason}). Loupe is restarting it and will restore the session from its last checkpoint — nothing saved is lost.`
    : `The engine stopped unexpectedly (${reason}). Reload to restore the last checkpoint — nothing saved is lost.`;
}

/** The notice once a new engine is up and the session is back. */
export const ENGINE_RESTARTED_NOTICE =
  'The engine was restarted. The session is restored from its last checkpoint and the servers are reconnecting.';

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
