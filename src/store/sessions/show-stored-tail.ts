// Tail-first restore: a long stored run's last rounds are shown before the rest of its log is read.
import { TAIL_ROUNDS } from '../../protocol/session-messages';
import type { RunView } from '../run-view';
import { findHeldPause } from '../../shared/sessions/find-held-pause';
import { stopForDisplay } from './interrupted-run';
import { readStoredTail, viewOfStoredTail } from './read-stored-tail';
import type { StoredRun } from './session-record';
import type { SessionsContext } from './sessions-context';
import type { SessionNotice } from './sessions-state';

/** What was shown first: the caller replaces it only while the page still shows it. */
export interface ShownTail {
  view: RunView;
  notice: SessionNotice;
}

/**
 * Shows the last `TAIL_ROUNDS` rounds of stored run `run` (read from the end of its log by key range),
 * with a notice that the rest is being read. Null, with nothing shown, when the run is short, when it is
 * held at a pause (it resumes there once its whole log is read), or when its tail cannot be read (the
 * whole read that follows reports the problem).
 */
export async function showStoredTail(context: SessionsContext, run: StoredRun): Promise<ShownTail | null> {
  const before = context.get().runView;
  const stored = await readStoredTail(context.db, run.runId).catch(() => null);
  if (stored === null) return null;
  const ended = stored.tail.at(-1)?.type === 'run-end';
  if (!ended && findHeldPause(stored.tail) !== null) return null;
  const folded = await viewOfStoredTail(stored);
  // Cut short while it worked: shown stopped, as the whole log will be until the person resumes it or ends it.
  const view = ended ? folded : stopForDisplay(folded);
  const last = view.rounds.at(-1)?.round ?? 0;
  const notice: SessionNotice = {
    kind: 'restoring',
    title: `Restoring this run: its last ${TAIL_ROUNDS} of ${last.toLocaleString('en-US')} rounds are shown while the earlier ones are read…`,
    details: [],
  };
  // Another session or run was opened meanwhile: nothing is shown.
  if (context.current?.runs.includes(run) !== true || context.get().runView !== before) return null;
  context.update({ runView: view, sessionNotice: notice, resumeHistory: null });
  return { view, notice };
}
