// One object store in a database of its own, opened on first use: the worker's small key → value stores.

/** Reads or writes one object store in one transaction; rejects with IndexedDB's error. */
export type KeyValueRun = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => Promise<T>;

export interface KeyValueStoreOptions {
  /** The worker's `indexedDB`, or undefined where the browser offers none. */
  factory: IDBFactory | undefined;
  /** Database name: each store has a database of its own, so no store's schema version ever waits on another's. */
  dbName: string;
  storeName: string;
  /** The rejection's message when `factory` is undefined. */
  missingText: string;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Opens `dbName` (version 1, out-of-line keys) on the first call of the returned `run`, and again after a failed
 * open or after another tab's upgrade closed it. Every failure (no IndexedDB, private mode, quota, blocked)
 * rejects that call; callers decide what it means.
 */
export function openKeyValueStore(options: KeyValueStoreOptions): KeyValueRun {
  const { factory, dbName, storeName } = options;
  let opening: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    if (factory === undefined) return Promise.reject(new Error(options.missingText));
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(dbName, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
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
  return async (mode, work) => promised(work((await open()).transaction(storeName, mode).objectStore(storeName)));
}
