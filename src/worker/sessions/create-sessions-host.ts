// The worker's sessions: the database the page reaches by commands, and the run log written at checkpoints.
import type { RunEvent } from '../../engine/event/run-event';
import { PROTOCOL_VERSION, type WorkerMessage } from '../../protocol/messages';
import type { RunLogCommand } from '../../protocol/session-storage-messages';
import type { CommandTable } from '../command-table';
import { keepImportedRuns, storedRunCommands } from './stored-run-commands';
import type { StoredRunCommandType, StoredRunLoader } from './stored-run-commands';
import { createRunLogWriter } from './run-log-writer';
import { createSessionStorageHost, type SessionStorageCommandType } from './session-storage-host';
import type { TabCommand } from '../../protocol/tab-messages';
import { createTabsHost, type TabsOptions } from './tabs-host';

export interface SessionsHostOptions {
  /** The worker's `indexedDB` (`null`: the browser has none, said once); absent: in memory quietly. */
  indexedDb?: IDBFactory | null;
  post: (message: WorkerMessage) => void;
  /** The browser's Web Locks and BroadcastChannel for tabs on one session; absent: this tab owns what it opens. */
  tabs?: TabsOptions;
}

export interface SessionsHost {
  commands: CommandTable<SessionStorageCommandType | RunLogCommand['type'] | TabCommand['type']>;
  /** Every run event the worker posts passes here (the run log's checkpoints). */
  observe(runId: string, event: RunEvent): void;
  /** `session-open` by id (the stored log read here and handed to `loader`), and `run-resume` of what it kept open. */
  storedRunCommands(loader: StoredRunLoader): CommandTable<StoredRunCommandType>;
  /** `table` whose transcript-import tells the run log where an import's runs go on. */
  keepImportedRuns: <T extends Partial<CommandTable<'transcript-import'>>>(table: T) => T;
}

export function createSessionsHost(options: SessionsHostOptions): SessionsHost {
  const reportProblem = (message: string) => options.post({ v: PROTOCOL_VERSION, type: 'storage-problem', message });
  const storage = createSessionStorageHost({
    ...(options.indexedDb === undefined ? {} : { factory: options.indexedDb }),
    reportProblem,
  });
  const runLog = createRunLogWriter({
    db: storage.db,
    reportProblem,
    onWritten: (runId) => {
      options.post({ v: PROTOCOL_VERSION, type: 'run-log-written', runId });
      tabs.written();
    },
  });
  const tabs = createTabsHost(options.tabs ?? { locks: null, channel: null }, {
    post: options.post,
    runLog,
    storage: storage.commands,
  });
  return {
    commands: { ...tabs.announceWrites(storage.commands), ...runLog.commands, ...tabs.commands },
    observe: (runId, event) => runLog.observe(runId, event),
    storedRunCommands: (loader) =>
      storedRunCommands(loader, {
        db: storage.db,
        writer: runLog,
        post: (part) => options.post({ ...part, v: PROTOCOL_VERSION }),
      }),
    keepImportedRuns: (table) => keepImportedRuns(table, runLog),
  };
}
