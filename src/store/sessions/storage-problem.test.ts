// Moved from session-db.test.ts (now in src/worker/sessions): the page hears of a storage problem from the worker.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { MemoryStorage } from '../testing/memory-storage';
import { VERSION_CHANGED_TEXT } from '../../worker/sessions/session-db';
import { createSessionsStore } from '../../../test/support/sessions-store';

/** Opens the database at `version` the way a newer Loupe tab would. */
function openRaw(factory: IDBFactory, version: number) {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('loupe', version);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new Error(String(request.error)));
  });
}

describe('sessions: storage problems the worker reports', () => {
  it('the store reports the upgrade where the person looks; later saves fail quietly with the same words', async () => {
    const factory = new IDBFactory();
    const store = createSessionsStore(new FakeEngineClient(), { storage: new MemoryStorage(), indexedDB: factory });
    await store.getState().initSessions();
    expect(store.getState().storageProblem).toBeNull();
    const newer = await openRaw(factory, 2);
    expect(store.getState().storageProblem).toBe(VERSION_CHANGED_TEXT);
    expect(store.getState().alerts.map((alert) => alert.message)).toContain(VERSION_CHANGED_TEXT);
    newer.close();
    await expect(
      store.getState().renameSession(store.getState().currentSessionId!, 'Renamed'),
    ).resolves.toBeUndefined();
    expect(store.getState().storageProblem).toBe(VERSION_CHANGED_TEXT);
    expect(store.getState().alerts.filter((alert) => alert.message === VERSION_CHANGED_TEXT)).toHaveLength(1);
  });
});
