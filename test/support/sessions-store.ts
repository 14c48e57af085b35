// Test support: a store as a page that keeps sessions has it (its storage and IndexedDB given, so a test can open
// the page again as a reload would), flushing run events at once and making ids no other page of the test makes.
import { createLoupeStore, type LoupeStore, type LoupeStoreOptions } from '../../src/store/create-loupe-store';
import type { FakeEngineClient } from '../../src/store/testing/fake-engine-client';
import type { StoredRunLoader } from '../../src/worker/sessions/stored-run-commands';
import { keepSessionsInWorker, type WorkerTabs } from './worker-session-storage';
import type { MemoryLockManager } from '../../src/shared/sessions/memory-lock-manager';
import { createTabKeeper } from '../../src/store/sessions/tab-keeper';

let tabsMade = 0;

export function createSessionsStore(
  client: FakeEngineClient,
  options: Pick<LoupeStoreOptions, 'storage' | 'createId'> & {
    /** The "browser's" Web Locks and BroadcastChannel name: the page keeps sessions, its worker holds their locks. */
    tabs?: { locks: MemoryLockManager; channel: string };
    /** The "browser's" IndexedDB, which the fake worker keeps sessions in. */
    indexedDB: IDBFactory;
    /** What keeps a stored run the page loads or resumes (the worker's session commands). */
    loader?: StoredRunLoader;
  },
): LoupeStore {
  let id = 0;
  const { indexedDB, loader, tabs, ...rest } = options;
  const workerTabs: WorkerTabs | undefined =
    tabs === undefined ? undefined : { locks: tabs.locks.agent(), channel: new BroadcastChannel(tabs.channel) };
  keepSessionsInWorker(client, indexedDB, loader, workerTabs);
  return createLoupeStore(client, {
    ...(tabs === undefined ? {} : { keeper: createTabKeeper(tabs.locks.agent(), `tab-${++tabsMade}`) }),
    demoServerUrl: 'http://localhost:3001/mcp',
    scheduleFrame: (flush) => void flush(),
    // Pages of one test share IndexedDB: their ids must not meet.
    createId: () => `id-${++id}-${Math.random().toString(36).slice(2, 8)}`,
    sessionStore: 'worker',
    ...rest,
  });
}
