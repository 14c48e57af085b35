// The worker's `EraStore`: IndexedDB (reachable from a worker, unlike localStorage), a database of its own.
import type { EraStore, StoredEra } from '../mcp/session/persistent-era-memory';

const DB_NAME = 'loupe-mcp-eras';
const STORE = 'eras';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * An `EraStore` in `factory` (the worker's `indexedDB`), opened on first use. Its own database, so the sessions
 * database's versions never wait on it. Every failure (no IndexedDB, private mode, quota) rejects; the
 * persistent memory then goes on in memory only.
 */
export function createIndexedDbEraStore(factory: IDBFactory | undefined): EraStore {
  let opening: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    if (factory === undefined) return Promise.reject(new Error('this browser offers no IndexedDB'));
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer Loupe upgrading the database in another tab is never blocked by this one.
        db.onversionchange = () => {
          db.close();
          opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
      request.onblocked = () => reject(new Error('IndexedDB open blocked'));
    }).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> =>
    promised(work((await open()).transaction(STORE, mode).objectStore(STORE)));
  return {
    get: (id) => run('readonly', (store) => store.get(id) as IDBRequest<unknown>),
    set: async (id, value: StoredEra) => void (await run('readwrite', (store) => store.put(value, id))),
    delete: async (id) => void (await run('readwrite', (store) => store.delete(id))),
  };
}
