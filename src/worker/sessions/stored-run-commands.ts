// Stored runs back into the worker by id: it reads their logs from its own database, so no log crosses to it.
import { copyStoredRuns } from './copy-stored-runs';
import { openStoredRun } from './open-stored-run';
import { createStoredViewSender } from './send-stored-view';
import type { RunEvent } from '../../engine/event/run-event';
import type { StoredRunViewMessage } from '../../protocol/stored-run-view-messages';
import type { CommandTable } from '../command-table';
import type { SessionCommands } from '../session-commands';
import type { RunLogWriter } from './run-log-writer';
import type { WorkerSessionDb } from './session-db';

/** What keeps a stored run in the worker once its log is read. */
export type StoredRunLoader = Pick<SessionCommands, 'loadRun' | 'resumeRun' | 'keptEvents'>;

/** The commands between a run the worker keeps and its stored log: opened, resumed, an import stored. */
export type StoredRunCommandType =
  'session-open' | 'run-resume' | 'session-import-store' | 'session-runs-copy' | 'run-view';

export interface StoredRunContext {
  db: () => Promise<WorkerSessionDb>;
  writer: RunLogWriter;
  /** Posts a view part to the page (`session-open` with a `viewId`, `run-view`). */
  post: (message: StoredRunViewMessage) => void;
}

/**
 * `session-open`: the run's stored log is read here, then kept (closed or kept open) by `loader`; `run-resume`: a run
 * the open kept open goes on from the events `loader` keeps. The run log writer goes on after the stored events (a
 * closed run's closing events appended there).
 * `session-import-store`: an imported run `loader` keeps is written to storage; `session-runs-copy`: stored logs
 * copied under new ids; `run-view`: the view of a run `loader` keeps, sent as an open sends a stored one.
 */
export function storedRunCommands(
  loader: StoredRunLoader,
  { db, writer, post }: StoredRunContext,
): CommandTable<StoredRunCommandType> {
  const flush = async (): Promise<void> => void (await writer.commands['run-log-flush']({ type: 'run-log-flush' }));
  // Anything this worker still buffers for the run is stored first, so the log read is the whole of it.
  const read = async (runId: string): Promise<RunEvent[]> => {
    await flush();
    return (await db()).readEvents(runId);
  };
  return {
    'session-open': (command) => openStoredRun(loader, { db, writer, flush, read, post }, command),
    // An import's log is written from what this worker keeps: it never crosses to the page and back.
    async 'session-import-store'({ runId, from, to }) {
      const events = loader.keptEvents(runId, from, to);
      await (await db()).appendEvents(runId, Math.max(0, Math.trunc(from) || 0), events);
      return null;
    },
    'session-runs-copy': (command) => copyStoredRuns({ db, read }, command),
    // Sent from the run as kept, not opened again: opening resets where the run log writes a run still going.
    async 'run-view'({ runId, viewId, tailFirst }) {
      if (typeof viewId !== 'string' || viewId === '') throw new Error('a run view needs a view id');
      await flush();
      const events = loader.keptEvents(runId, 0, Number.MAX_SAFE_INTEGER);
      const sender = createStoredViewSender(runId, viewId, post);
      if (tailFirst === true) sender.keptTail(events);
      sender.log(events);
      return { eventCount: events.length };
    },
    // Resumed from the log the open kept (`session-open` kept the run open): no second read.
    async 'run-resume'(command) {
      let kept = false;
      try {
        // Before the loop starts: its first events must find the run kept.
        return await loader.resumeRun(command, (eventCount) => {
          kept = true;
          writer.keep(command.runId, eventCount);
        });
      } catch (error) {
        if (kept) writer.forget(command.runId);
        throw error;
      }
    },
  };
}

/** `table`'s transcript-import, telling `writer` that an import's runs go on after the events the page stores. */
export function keepImportedRuns<T extends Partial<CommandTable<'transcript-import'>>>(
  table: T,
  writer: RunLogWriter,
): T {
  const importFile = table['transcript-import'];
  if (importFile === undefined) return table;
  return {
    ...table,
    async 'transcript-import'(command) {
      const result = await importFile(command);
      if (result.ok) {
        writer.keep(command.runId, result.eventCount);
        for (const branch of result.branches ?? []) writer.keep(branch.info.runId, branch.eventCount);
      }
      return result;
    },
  };
}
