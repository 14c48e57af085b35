// An import a reload cut short while it was being stored: the part stored is shown stopped, and the page says so.
import type { RunEvent } from '../../engine/event/run-event';
import { initialRunView } from '../run-view';
import type { InterruptedRuns } from './interrupted-run';
import type { StoredRun } from './session-record';
import type { SessionsContext } from './sessions-context';
import { countRounds } from './store-import';

/**
 * Settles run `run` of the current session, restored with its `importing` mark (store-import.ts). Null when
 * all its events were stored (only the record's last save was missed): the mark goes and the run is restored
 * as any other. Otherwise the stored part is closed as an aborted run (in the worker and in storage, as a run
 * cut short is closed), its label keeps how much of the file it holds, and, when `show`, a notice says the
 * import was cut short. Returns the run's events then.
 */
export async function settleImport(
  context: SessionsContext,
  interrupted: InterruptedRuns,
  run: StoredRun,
  events: RunEvent[],
  show: boolean,
): Promise<RunEvent[] | null> {
  const mark = run.importing;
  if (mark === undefined) return null;
  let all: RunEvent[] | null = null;
  if (events.length < mark.eventCount) {
    all = events.length > 0 ? await interrupted.close(run, events, show) : events;
    // The closing events are stored before the mark goes: a reload in between must not find a log cut
    // short with no mark (it would be offered as a live run to resume).
    await context.runLog.flush();
    const stored = countRounds(events);
    run.label = `${run.label} (cut short: ${stored} of ${mark.rounds} rounds stored)`;
    if (show) {
      if (events.length === 0) context.update({ runView: { ...initialRunView } });
      context.update({
        // An import's notice: the way on is importing the file again, not continuing the stored part.
        resumeHistory: null,
        sessionNotice: {
          kind: 'imported',
          title: `The import of “${mark.fileName}” did not finish being saved (the page was closed or reloaded, or storage failed): ${stored} of its ${mark.rounds} rounds were stored, shown here stopped. Import the file again for the whole run.`,
          details: [],
        },
      });
    }
  }
  delete run.importing;
  const record = context.current;
  if (record !== null && record.runs.includes(run)) {
    context.update({ sessionRuns: [...record.runs] });
    await context.save(record);
  }
  return all;
}
