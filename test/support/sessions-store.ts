// Test support: a store as a page that keeps sessions has it (its storage and IndexedDB given, so a test can open
// the page again as a reload would), flushing run events at once and making ids no other page of the test makes.
import { createLoupeStore, type LoupeStore, type LoupeStoreOptions } from '../../src/store/create-loupe-store';
import type { FakeEngineClient } from '../../src/store/testing/fake-engine-client';
import { keepSessionsInWorker } from './worker-session-storage';

export function createSessionsStore(
  client: FakeEngineClient,
  options: Pick<LoupeStoreOptions, 'storage' | 'createId' | 'tabs'> & {
    /** The "browser's" IndexedDB, which the fake worker keeps sessions in. */
    indexedDB: IDBFactory;
  },
): LoupeStore {
  let id = 0;
  const { indexedDB, ...rest } = options;
  keepSessionsInWorker(client, indexedDB);
  return createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    scheduleFrame: (flush) => void flush(),
    // Pages of one test share IndexedDB: their ids must not meet.
    createId: () => `id-${++id}-${Math.random().toString(36).slice(2, 8)}`,
    sessionStore: 'worker',
    ...rest,
  });
}
