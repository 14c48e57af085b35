// The worker's sessions database and the commands the page reaches it by. The worker is its one home: IndexedDB
// when the browser gives it, memory (said once) when it does not.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionStorageCommand, StoredSession } from '../../protocol/session-storage-messages';
import { createMemorySessionDb } from '../../shared/sessions/memory-session-db';
import type { CommandTable } from '../command-table';
import { openSessionDb, SessionStorageError, VERSION_CHANGED_TEXT } from './session-db';
import type { SessionDbOptions, WorkerSessionDb } from './session-db';

export type SessionStorageCommandType = SessionStorageCommand['type'];

export interface SessionStorageOptions {
  /**
   * The worker's `indexedDB`; `null` when the browser offers none (sessions are kept in memory and the page is
   * told); absent: in memory quietly (tests, headless).
   */
  factory?: IDBFactory | null;
  /** Tells the page that storage stopped working without a command failing (shown as an alert). */
  reportProblem: (message: string) => void;
  /** Name and version of the database (tests open others). */
  database?: Pick<SessionDbOptions, 'name' | 'version'>;
}

export interface SessionStorageHost {
  /** The database, opened on first use; every command waits for it. */
  db: () => Promise<WorkerSessionDb>;
  commands: CommandTable<SessionStorageCommandType>;
}

export function createSessionStorageHost(options: SessionStorageOptions): SessionStorageHost {
  let opening: Promise<WorkerSessionDb> | undefined;
  const fallBack = (error: unknown): WorkerSessionDb => {
    options.reportProblem(error instanceof Error ? error.message : String(error));
    return createMemorySessionDb<StoredSession, RunEvent>();
  };
  const open = async (): Promise<WorkerSessionDb> => {
    const { factory } = options;
    if (factory === undefined) return createMemorySessionDb<StoredSession, RunEvent>();
    if (factory === null)
      return fallBack(new Error('this browser offers no IndexedDB, so sessions will not survive a reload'));
    // A newer Loupe in another tab upgraded the database: this connection has closed; later calls say so too.
    const onVersionChange = () => options.reportProblem(new SessionStorageError(VERSION_CHANGED_TEXT).message);
    return openSessionDb(factory, { ...options.database, onVersionChange }).catch(fallBack);
  };
  const db = (): Promise<WorkerSessionDb> => (opening ??= open());
  // Commands that change storage reply with `null` once the write is done.
  const written = async (write: (db: WorkerSessionDb) => Promise<void>): Promise<null> => {
    await write(await db());
    return null;
  };
  return {
    db,
    commands: {
      'session-list': async () => (await db()).listSessions(),
      'session-get': async ({ sessionId }) => (await (await db()).getSession(sessionId)) ?? null,
      'session-put': ({ record }) => written((store) => store.putSession(record)),
      'session-delete': ({ record }) => written((store) => store.deleteSession(record)),
      'session-events-append': ({ runId, fromSeq, events }) =>
        written((store) => store.appendEvents(runId, fromSeq, events)),
      'session-events-read': async ({ runId, from, to }) => (await db()).readEvents(runId, from, to),
    },
  };
}
