// The worker's `MemoryStore`: IndexedDB (reachable from a worker), a database of its own, one record per memory.
import type { MemoryStore } from '../engine/tool/memory/memory-store';
import type { MemoryFiles } from '../engine/tool/memory/run-memory-command';

const DB_NAME = 'loupe-memory';
const STORE = 'memories';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** A stored memory read back: only string → string entries (storage may be edited by hand or by older versions). */
function toFiles(value: unknown): MemoryFiles {
  const files = new Map<string, string>();
  if (typeof value !== 'object' || value === null) return files;
  for (const [path, content] of Object.entries(value))
    if (typeof content === 'string' && path.startsWith('/memories/')) files.set(path, content);
  return files;
}

/**
 * Memories in `factory` (the worker's `indexedDB`), opened on first use. Each memory is one record (an object of
 * path → content), so a write replaces it whole in one transaction. Failures reject: the memory call then fails
 * with the reason as a tool error, and nothing is half written.
 */
export function createIndexedDbMemoryStore(factory: IDBFactory | undefined): MemoryStore {
  let opening: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    if (factory === undefined) return Promise.reject(new Error('this browser offers no IndexedDB for memory files'));
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => {
        const db = request.result;
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
    read: async (scope) => toFiles(await run('readonly', (store) => store.get(scope) as IDBRequest<unknown>)),
    write: async (scope, files) => {
      if (files.size === 0) await run('readwrite', (store) => store.delete(scope));
      else await run('readwrite', (store) => store.put(Object.fromEntries(files), scope));
    },
  };
}
