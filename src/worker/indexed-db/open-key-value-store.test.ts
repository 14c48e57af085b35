import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openKeyValueStore } from './open-key-value-store';

const options = { dbName: 'kv', storeName: 'things', missingText: 'no IndexedDB here' };

async function readAfterUpgrade(run: ReturnType<typeof openKeyValueStore>): Promise<string> {
  try {
    await run('readonly', (store) => store.get('a'));
    return 'read';
  } catch (error) {
    return error instanceof Error ? error.name : String(error);
  }
}

describe('openKeyValueStore', () => {
  it('rejects every call with the given words where there is no IndexedDB', async () => {
    const run = openKeyValueStore({ ...options, factory: undefined });
    await expect(run('readonly', (store) => store.get('a'))).rejects.toThrow('no IndexedDB here');
  });

  it('writes and reads back, and opens again after another tab upgrades the database', async () => {
    const factory = new IDBFactory();
    const run = openKeyValueStore({ ...options, factory });
    await run('readwrite', (store) => store.put({ n: 1 }, 'a'));
    // A newer version opened elsewhere: this connection closes itself so the upgrade is not blocked.
    await new Promise<void>((resolve, reject) => {
      const request = factory.open('kv', 2);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error('open failed'));
      request.onblocked = () => reject(new Error('blocked: the old connection was not closed'));
    });
    expect(await readAfterUpgrade(run)).toBe('VersionError');
    // The failed open is forgotten: once the newer database is gone, the same store opens afresh.
    await new Promise<void>((resolve) => {
      factory.deleteDatabase('kv').onsuccess = () => resolve();
    });
    await run('readwrite', (store) => store.put({ n: 2 }, 'a'));
    expect(await run('readonly', (store) => store.get('a') as IDBRequest<unknown>)).toEqual({ n: 2 });
  });
});
