// Sessions in IndexedDB: one store of session records, one of run events appended at each checkpoint.
import type { RunEvent } from '../../engine/event/run-event';
import type { StoredSession } from '../../protocol/session-storage-messages';
import type { SessionDb } from '../../shared/sessions/session-db';

const DB_VERSION = 1;
const SESSIONS = 'sessions';
const EVENTS = 'events';
/** Events written or read per IndexedDB transaction: small enough that no batch is a long task. */
export const EVENTS_PER_TRANSACTION = 100;

interface StoredEvent {
  runId: string;
  seq: number;
  event: RunEvent;
}

/** A storage failure said in plain words (quota, private mode, blocked database). */
export class SessionStorageError extends Error {
  override readonly name = 'SessionStorageError';
}

/** The worker's sessions database: the page's records, kept whole, and each run's events. */
export type WorkerSessionDb = SessionDb<StoredSession, RunEvent>;

/** What this tab says once a newer Loupe in another tab upgraded the database (this connection is closed). */
export const VERSION_CHANGED_TEXT =
  'Loupe was updated in another tab, which upgraded its storage, so this tab stopped saving sessions. Reload this tab to go on; what was saved so far is kept.';
/** What this tab says when a tab with an older Loupe keeps the database open, so it cannot be upgraded. */
export const BLOCKED_TEXT =
  'Another Loupe tab has its storage open with an older version, so this tab cannot upgrade it. Reload or close the other Loupe tabs, then reload this one; until then sessions here are not saved.';

export interface SessionDbOptions {
  /** Database name (default `loupe`). */
  name?: string;
  /** Schema version to open (default the current one; tests open newer ones). */
  version?: number;
  /** Called once when another tab upgrades the database: this connection has closed itself so the upgrade goes on. */
  onVersionChange?: () => void;
}

/**
 * Opens (creating or upgrading) the sessions database in `factory` (the worker's indexedDB, or a fake in
 * tests). On `versionchange` (a newer Loupe opened it in another tab) the connection closes at once, so
 * that tab is not blocked, and every later call rejects with `VERSION_CHANGED_TEXT`. When an older tab
 * keeps it open (`blocked`), the open rejects with `BLOCKED_TEXT`; should it succeed later, that late
 * connection is closed at once, so it blocks no one in turn.
 */
export async function openSessionDb(factory: IDBFactory, options: SessionDbOptions = {}): Promise<WorkerSessionDb> {
  let closed = false;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    let request: IDBOpenDBRequest;
    let settled = false;
    try {
      request = factory.open(options.name ?? 'loupe', options.version ?? DB_VERSION);
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
    request.onsuccess = () => {
      if (settled) return request.result.close();
      settled = true;
      resolve(request.result);
    };
    request.onerror = () => {
      settled = true;
      reject(explain(request.error));
    };
    request.onblocked = () => {
      settled = true;
      reject(new SessionStorageError(BLOCKED_TEXT));
    };
  });
  db.onversionchange = () => {
    db.close();
    closed = true;
    options.onVersionChange?.();
  };

  const run = <T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => IDBRequest<T> | void) =>
    new Promise<T>((resolve, reject) => {
      let result: T;
      if (closed) return reject(new SessionStorageError(VERSION_CHANGED_TEXT));
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
  const range = (runId: string, from = 0, to = Number.MAX_SAFE_INTEGER) =>
    IDBKeyRange.bound([runId, from], [runId, to], false, to !== Number.MAX_SAFE_INTEGER);

  return {
    listSessions: () => run<StoredSession[]>([SESSIONS], 'readonly', (tx) => tx.objectStore(SESSIONS).getAll()),
    getSession: (id) =>
      run<StoredSession | undefined>([SESSIONS], 'readonly', (tx) => tx.objectStore(SESSIONS).get(id)),
    putSession: (record) => run<void>([SESSIONS], 'readwrite', (tx) => void tx.objectStore(SESSIONS).put(record)),
    deleteSession: (record) =>
      run<void>([SESSIONS, EVENTS], 'readwrite', (tx) => {
        tx.objectStore(SESSIONS).delete(record.id);
        for (const stored of record.runs) tx.objectStore(EVENTS).delete(range(stored.runId));
      }),
    async appendEvents(runId, fromSeq, events) {
      // One transaction per batch: each batch's puts (a structured clone each) are one short task, and the
      // page gets its turn between batches. Keys are positions, so a batch written again is the same rows.
      for (let start = 0; start < events.length; start += EVENTS_PER_TRANSACTION) {
        const batch = events.slice(start, start + EVENTS_PER_TRANSACTION);
        await run<void>([EVENTS], 'readwrite', (tx) => {
          const store = tx.objectStore(EVENTS);
          batch.forEach((event, index) =>
            store.put({ runId, seq: fromSeq + start + index, event } satisfies StoredEvent),
          );
        });
      }
    },
    async readEvents(runId, start = 0, end = Number.MAX_SAFE_INTEGER) {
      // Read a page at a time (keys are [runId, seq], so pages come in order) for the same reason.
      const events: RunEvent[] = [];
      if (end <= start) return events;
      for (let from = start; ;) {
        const rows = await run<StoredEvent[]>([EVENTS], 'readonly', (tx) =>
          tx.objectStore(EVENTS).getAll(range(runId, from, end), EVENTS_PER_TRANSACTION),
        );
        for (const row of rows) events.push(row.event);
        const last = rows.at(-1);
        if (rows.length < EVENTS_PER_TRANSACTION || last === undefined || last.seq + 1 >= end) return events;
        from = last.seq + 1;
      }
    },
    countEvents: (runId) => run<number>([EVENTS], 'readonly', (tx) => tx.objectStore(EVENTS).count(range(runId))),
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
