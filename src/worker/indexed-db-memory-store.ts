// The worker's `MemoryStore`: IndexedDB (reachable from a worker), a database of its own, one record per memory.
import type { MemoryStore } from '../engine/tool/memory/memory-store';
import type { MemoryFiles } from '../engine/tool/memory/run-memory-command';
import { openKeyValueStore } from './indexed-db/open-key-value-store';

const DB_NAME = 'loupe-memory';
const STORE = 'memories';

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
  const run = openKeyValueStore({
    factory,
    dbName: DB_NAME,
    storeName: STORE,
    missingText: 'this browser offers no IndexedDB for memory files',
  });
  return {
    read: async (scope) => toFiles(await run('readonly', (store) => store.get(scope) as IDBRequest<unknown>)),
    write: async (scope, files) => {
      if (files.size === 0) await run('readwrite', (store) => store.delete(scope));
      else await run('readwrite', (store) => store.put(Object.fromEntries(files), scope));
    },
  };
}
