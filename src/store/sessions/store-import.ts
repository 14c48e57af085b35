// An import's logs written to storage, its record marked while they are written so a reload halfway is told.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionRecord } from './session-record';
import type { SessionsContext } from './sessions-context';
import { countRounds } from '../../shared/sessions/count-rounds';

/** One run of an import as the worker kept it. */
export interface ImportedLog {
  runId: string;
  events: RunEvent[];
}

/**
 * Stores an import: the record first, each run marked `importing`, then the logs in short batches
 * (session-db), then the record without the marks of the logs written whole. Writing 2,000 rounds takes
 * seconds; a reload in them used to find events with no record (the import lost, its events never deleted).
 * Now it finds the record, and the mark says the import was cut short (settle-import.ts).
 */
export async function storeImport(
  context: SessionsContext,
  record: SessionRecord,
  logs: readonly ImportedLog[],
  fileName: string,
): Promise<void> {
  const marked = logs.flatMap((log) => {
    const run = record.runs.find((candidate) => candidate.runId === log.runId);
    if (run === undefined) return [];
    run.importing = { fileName, eventCount: log.events.length, rounds: countRounds(log.events) };
    return [{ run, log }];
  });
  await context.save(record);
  for (const { run, log } of marked) {
    try {
      await context.db.appendEvents(log.runId, 0, log.events);
      delete run.importing;
    } catch (error) {
      // Kept marked: restored later, it is shown as far as it was stored, and said so.
      context.reportStorage(error);
    }
  }
  await context.save(record);
}
