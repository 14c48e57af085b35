// Test support: a store as a page that keeps sessions has it (its storage and IndexedDB given, so a test can open
// the page again as a reload would), flushing run events at once and making ids no other page of the test makes.
import { createLoupeStore, type LoupeStore, type LoupeStoreOptions } from '../../src/store/create-loupe-store';
import type { FakeEngineClient } from '../../src/store/testing/fake-engine-client';
import type { StoredRunLoader } from '../../src/worker/sessions/stored-run-commands';
import { keepSessionsInWorker } from './worker-session-storage';

export function createSessionsStore(
  client: FakeEngineClient,
  options: Pick<LoupeStoreOptions, 'storage' | 'createId' | 'tabs'> & {
    /** The "browser's" IndexedDB, which the fake worker keeps sessions in. */
    indexedDB: IDBFactory;
    /** What keeps a stored run the page loads or resumes (the worker's session commands). */
    loader?: StoredRunLoader;
  },
): LoupeStore {
  let id = 0;
  const { indexedDB, loader, ...rest } = options;
  keepSessionsInWorker(client, indexedDB, loader);
  return createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    scheduleFrame: (flush) => void flush(),
    // Pages of one test share IndexedDB: their ids must not meet.
    createId: () => `id-${++id}-${Math.random().toString(36).slice(2, 8)}`,
    sessionStore: 'worker',
    ...rest,
  });
}
