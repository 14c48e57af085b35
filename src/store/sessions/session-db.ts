// Sessions in IndexedDB: one store of session records, one of run events appended at each checkpoint.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionRecord } from './session-record';

const DB_VERSION = 1;
const SESSIONS = 'sessions';
const EVENTS = 'events';

interface StoredEvent {
  runId: string;
  seq: number;
  event: RunEvent;
}

/** A storage failure said in plain words (quota, private mode, blocked database). */
export class SessionStorageError extends Error {
  override readonly name = 'SessionStorageError';
}

/** The sessions database. Every method rejects with a `SessionStorageError` whose message a person can act on. */
export interface SessionDb {
  listSessions(): Promise<SessionRecord[]>;
  getSession(id: string): Promise<SessionRecord | undefined>;
  putSession(record: SessionRecord): Promise<void>;
  /** Deletes the session and every event of its runs. */
  deleteSession(record: SessionRecord): Promise<void>;
  /** Appends `events` to run `runId`, the first one at position `fromSeq`. */
  appendEvents(runId: string, fromSeq: number, events: readonly RunEvent[]): Promise<void>;
  readEvents(runId: string): Promise<RunEvent[]>;
}

/** Opens (creating or upgrading) the database named `name` in `factory` (the page's indexedDB, or a fake in tests). */
export async function openSessionDb(factory: IDBFactory, name = 'loupe'): Promise<SessionDb> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, DB_VERSION);
    } catch (error) {
      reject(explain(error));
      return;
    }
    request.onupgradeneeded = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains(SESSIONS)) database.createObjectStore(SESSIONS, { keyPath: 'id' });
      if (!database.objectStoreNames.contains(EVENTS))
        database.createObjectStore(EVENTS, { keyPath: ['runId', 'seq'] });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(explain(request.error));
    request.onblocked = () =>
      reject(new SessionStorageError('Another Loupe tab is upgrading its storage: close the other tabs and reload.'));
  });

  const run = <T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => IDBRequest<T> | void) =>
    new Promise<T>((resolve, reject) => {
      let result: T;
      try {
        const tx = db.transaction(stores, mode);
        const request = work(tx);
        if (request) request.onsuccess = () => (result = request.result);
        tx.oncomplete = () => resolve(result);
        tx.onerror = () => reject(explain(tx.error));
        tx.onabort = () => reject(explain(tx.error));
      } catch (error) {
        reject(explain(error));
      }
    });
  const range = (runId: string) => IDBKeyRange.bound([runId, 0], [runId, Number.MAX_SAFE_INTEGER]);

  return {
    listSessions: () => run<SessionRecord[]>([SESSIONS], 'readonly', (tx) => tx.objectStore(SESSIONS).getAll()),
    getSession: (id) =>
      run<SessionRecord | undefined>([SESSIONS], 'readonly', (tx) => tx.objectStore(SESSIONS).get(id)),
    putSession: (record) => run<void>([SESSIONS], 'readwrite', (tx) => void tx.objectStore(SESSIONS).put(record)),
    deleteSession: (record) =>
      run<void>([SESSIONS, EVENTS], 'readwrite', (tx) => {
        tx.objectStore(SESSIONS).delete(record.id);
        for (const stored of record.runs) tx.objectStore(EVENTS).delete(range(stored.runId));
      }),
    appendEvents: (runId, fromSeq, events) =>
      run<void>([EVENTS], 'readwrite', (tx) => {
        const store = tx.objectStore(EVENTS);
        events.forEach((event, index) => store.put({ runId, seq: fromSeq + index, event } satisfies StoredEvent));
      }),
    readEvents: async (runId) => {
      const rows = await run<StoredEvent[]>([EVENTS], 'readonly', (tx) => tx.objectStore(EVENTS).getAll(range(runId)));
      return rows.sort((left, right) => left.seq - right.seq).map((row) => row.event);
    },
  };
}

/** Plain words for what IndexedDB throws. */
export function explain(error: unknown): SessionStorageError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'QuotaExceededError')
    return new SessionStorageError(
      'Browser storage for Loupe is full, so this session is no longer being saved. Delete old sessions (Sessions → Delete) to make room.',
    );
  if (name === 'SecurityError' || name === 'InvalidStateError' || name === 'UnknownError')
    return new SessionStorageError(
      `This browser does not let Loupe store data (a private window or blocked site data?), so sessions will not survive a reload. (${detail})`,
    );
  return new SessionStorageError(`Saving the session failed: ${detail}`);
}
