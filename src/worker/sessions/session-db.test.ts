import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../../protocol/session-storage-messages';
import { BLOCKED_TEXT, openSessionDb, VERSION_CHANGED_TEXT } from './session-db';

/** Opens `name` at `version` the way an older or newer Loupe tab would, without any handler of ours. */
function openRaw(factory: IDBFactory, version: number, name = 'loupe') {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name, version);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new Error(String(request.error)));
  });
}

describe('session database: upgrades by other tabs', () => {
  it('closes itself when a newer tab upgrades, so the upgrade is not blocked, and then says to reload', async () => {
    const factory = new IDBFactory();
    const onVersionChange = vi.fn();
    const db = await openSessionDb(factory, { onVersionChange });
    // The worker keeps the page's record whole, whatever it holds besides its id and runs.
    await db.putSession({ id: 's1', name: 'Kept', runs: [] } as StoredSession);
    const newer = await openRaw(factory, 2);
    expect(newer.version).toBe(2);
    expect(onVersionChange).toHaveBeenCalledTimes(1);
    await expect(db.listSessions()).rejects.toThrow(VERSION_CHANGED_TEXT);
    newer.close();
    // Nothing stored was lost by the upgrade.
    const reopened = await openSessionDb(factory, { version: 2 });
    expect((await reopened.listSessions()).map((record) => (record as StoredSession & { name: string }).name)).toEqual([
      'Kept',
    ]);
  });

  it('says plainly that an older tab blocks the upgrade, and closes a connection that succeeds late', async () => {
    const factory = new IDBFactory();
    // An older Loupe that ignores versionchange keeps version 1 open.
    const older = await openRaw(factory, 1);
    await expect(openSessionDb(factory, { version: 2 })).rejects.toThrow(BLOCKED_TEXT);
    older.close();
    // The blocked open then succeeds; it must close at once, or it would block the next upgrade in turn.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const next = await openRaw(factory, 3);
    expect(next.version).toBe(3);
    next.close();
  });
});
