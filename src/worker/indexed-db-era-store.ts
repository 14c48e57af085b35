// The worker's `EraStore`: IndexedDB (reachable from a worker, unlike localStorage), a database of its own.
import type { EraStore, StoredEra } from '../mcp/session/persistent-era-memory';
import { openKeyValueStore } from './indexed-db/open-key-value-store';

const DB_NAME = 'loupe-mcp-eras';
const STORE = 'eras';

/**
 * An `EraStore` in `factory` (the worker's `indexedDB`), opened on first use. Its own database, so the sessions
 * database's versions never wait on it. Every failure (no IndexedDB, private mode, quota) rejects; the
 * persistent memory then goes on in memory only.
 */
export function createIndexedDbEraStore(factory: IDBFactory | undefined): EraStore {
  const run = openKeyValueStore({
    factory,
    dbName: DB_NAME,
    storeName: STORE,
    missingText: 'this browser offers no IndexedDB',
  });
  return {
    get: (id) => run('readonly', (store) => store.get(id) as IDBRequest<unknown>),
    set: async (id, value: StoredEra) => void (await run('readwrite', (store) => store.put(value, id))),
    delete: async (id) => void (await run('readwrite', (store) => store.delete(id))),
  };
}
