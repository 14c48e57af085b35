// An import's logs written to storage by the worker, its record marked while they are written so a reload halfway
// is told.
import type { SessionRecord } from './session-record';
import type { SessionsContext } from './sessions-context';

/** One run of an import as the worker keeps it: how many events it has and how many rounds they begin. */
export interface ImportedLog {
  runId: string;
  eventCount: number;
  rounds: number;
}

/**
 * Stores an import: the record first, each run marked `importing`, then the logs, which the worker writes from
 * the runs it keeps (`session-import-store`, in short batches: session-db), then the record without the marks of
 * the logs written whole. Writing 2,000 rounds takes seconds; a reload in them used to find events with no record
 * (the import lost, its events never deleted). Now it finds the record, and the mark says the import was cut
 * short (the worker's `session-open` settles it, settle-import.ts words it).
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
    run.importing = { fileName, eventCount: log.eventCount, rounds: log.rounds };
    return [{ run, log }];
  });
  await context.save(record);
  for (const { run, log } of marked) {
    try {
      await context.deps.client.send({ type: 'session-import-store', runId: log.runId, from: 0, to: log.eventCount });
      delete run.importing;
    } catch (error) {
      // Kept marked: restored later, it is shown as far as it was stored, and said so.
      context.reportStorage(error);
    }
  }
  await context.save(record);
}
