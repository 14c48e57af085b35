// An import a reload cut short while it was being stored: the worker closed the part stored, the page says so.
import type { SessionOpenResult } from '../../protocol/session-open-messages';
import type { StoredRun } from './session-record';
import type { SessionsContext } from './sessions-context';

/**
 * Settles run `run`, which the worker opened (`opened`) with its `importing` mark (store-import.ts). All its
 * events stored (only the record's last save was missed): the mark goes and the run is as any other. Cut short:
 * the worker closed the stored part as an aborted run and stored its closing events before replying; the label
 * keeps how much of the file it holds and, when `show`, a notice says the import was cut short. The record is
 * saved without the mark when it is the open session's.
 */
export async function settleImport(
  context: SessionsContext,
  run: StoredRun,
  opened: SessionOpenResult,
  show: boolean,
): Promise<void> {
  // A mark the worker could not read (a damaged record) goes too: the run opened as any other.
  if (!opened.importSettled && run.importing === undefined) return;
  const cut = opened.importCutShort;
  if (cut !== undefined) {
    run.label = `${run.label} (cut short: ${cut.stored} of ${cut.rounds} rounds stored)`;
    if (show)
      context.update({
        // An import's notice: the way on is importing the file again, not continuing the stored part.
        resumeHistory: null,
        sessionNotice: {
          kind: 'imported',
          title: `The import of “${cut.fileName}” did not finish being saved (the page was closed or reloaded, or storage failed): ${cut.stored} of its ${cut.rounds} rounds were stored, shown here stopped. Import the file again for the whole run.`,
          details: [],
        },
      });
  }
  delete run.importing;
  const record = context.current;
  if (record !== null && record.runs.includes(run)) {
    context.update({ sessionRuns: [...record.runs] });
    await context.save(record);
  }
}
