// Tail-first restore: a long stored run's last rounds, sent by the worker ahead of its whole log, shown at once.
import type { RunEvent } from '../../engine/event/run-event';
import { TAIL_ROUNDS } from '../../protocol/session-messages';
import { findHeldPause } from '../../shared/sessions/find-held-pause';
import type { RunView } from '../run-view';
import { stopForDisplay } from './interrupted-run';
import { foldInParts } from './load-in-parts';
import type { StoredRun } from './session-record';
import type { SessionsContext } from './sessions-context';
import type { SessionNotice } from './sessions-state';

/** What was shown first: the caller replaces it only while the page still shows it. */
export interface ShownTail {
  view: RunView;
  notice: SessionNotice;
}

/**
 * Shows `events` (the `run-start` and last `TAIL_ROUNDS` rounds of stored run `run`, a `stored-run-view` tail),
 * with a notice that the rest is being read. Null, with nothing shown, when the run is held at a pause (it resumes
 * there once its whole log is read), or when the page no longer shows what it showed when the open began
 * (`before`: another session or run was opened meanwhile).
 */
export async function showStoredTail(
  context: SessionsContext,
  run: StoredRun,
  events: readonly RunEvent[],
  before: RunView,
): Promise<ShownTail | null> {
  const [first, ...tail] = events;
  if (first?.type !== 'run-start') return null;
  const ended = tail.at(-1)?.type === 'run-end';
  if (!ended && findHeldPause(tail) !== null) return null;
  const folded = await foldInParts(events);
  // Cut short while it worked: shown stopped, as the whole log will be until the person resumes it or ends it.
  const view = ended ? folded : stopForDisplay(folded);
  const last = view.rounds.at(-1)?.round ?? 0;
  const notice: SessionNotice = {
    kind: 'restoring',
    title: `Restoring this run: its last ${TAIL_ROUNDS} of ${last.toLocaleString('en-US')} rounds are shown while the earlier ones are read…`,
    details: [],
  };
  if (context.current?.runs.includes(run) !== true || context.get().runView !== before) return null;
  context.update({ runView: view, sessionNotice: notice, resumeHistory: null });
  return { view, notice };
}
