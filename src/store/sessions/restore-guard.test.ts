import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { createSessionsStore } from '../../../test/support/sessions-store';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { MemoryStorage } from '../testing/memory-storage';
import { CURRENT_SESSION_KEY } from './create-sessions-slice';
import { createFreshSession, deleteRawSession, rawSessionJson, readRawSession } from './raw-session';
import {
  clearRestoreFailure,
  pointToSession,
  readRestoreFailure,
  recordRestoreFailure,
  RESTORE_FAILURE_KEY,
  restoreSessions,
} from './restore-guard';
import { openStoredSessions } from '../../../test/support/worker-session-storage';
import { pickSessionSettings } from './session-record';

function page(indexedDB: IDBFactory, storage: MemoryStorage) {
  let id = 0;
  return createSessionsStore(new FakeEngineClient(), { storage, indexedDB, createId: () => `id-${++id}` });
}

/** A session record as an attacker (or a bug, or a future version) might leave it in IndexedDB. */
async function plantHostileSession(indexedDB: IDBFactory, storage: MemoryStorage, runs: unknown) {
  const db = await openStoredSessions(indexedDB);
  await db.putSession({ id: 'hostile', name: 'Hostile', createdAt: 1, updatedAt: 9e15, runs } as never);
  await db.appendEvents('run-a', 0, [{ type: 'run-start', runId: 'run-a' } as unknown as RunEvent]);
  storage.setItem(CURRENT_SESSION_KEY, 'hostile');
  return db;
}

describe('restore guard', () => {
  it('a restore that throws is recorded, named by session, and read back by the next load', async () => {
    const indexedDB = new IDBFactory();
    const storage = new MemoryStorage();
    await plantHostileSession(indexedDB, storage, 42);
    const failure = await restoreSessions(page(indexedDB, storage), storage, () => 1234);
    expect(failure).toMatchObject({ sessionId: 'hostile', kind: 'restore', at: 1234 });
    expect(failure?.message).toMatch(/iterable/);
    expect(readRestoreFailure(storage)).toEqual(failure);
  });

  it('a restore that works records nothing', async () => {
    const storage = new MemoryStorage();
    expect(await restoreSessions(page(new IDBFactory(), storage), storage, () => 0)).toBeNull();
    expect(readRestoreFailure(storage)).toBeNull();
  });

  it('ignores a corrupt failure entry, and clears a real one', () => {
    const storage = new MemoryStorage();
    storage.setItem(RESTORE_FAILURE_KEY, '{"kind":"other"}');
    expect(readRestoreFailure(storage)).toBeNull();
    storage.setItem(RESTORE_FAILURE_KEY, 'not json');
    expect(readRestoreFailure(storage)).toBeNull();
    storage.setItem(CURRENT_SESSION_KEY, 's1');
    recordRestoreFailure(storage, { kind: 'render', message: 'boom', at: 5 });
    expect(readRestoreFailure(storage)).toEqual({ sessionId: 's1', kind: 'render', message: 'boom', at: 5 });
    clearRestoreFailure(storage);
    expect(readRestoreFailure(storage)).toBeNull();
  });

  it('exports a malformed session as stored, with the events of the runs it names', async () => {
    const indexedDB = new IDBFactory();
    const db = await plantHostileSession(indexedDB, new MemoryStorage(), [{ runId: 'run-a' }, { runId: 7 }, null]);
    const raw = await readRawSession(db, 'hostile');
    expect(raw?.name).toBe('Hostile');
    expect(Object.keys(raw?.events ?? {})).toEqual(['run-a']);
    const json = JSON.parse(rawSessionJson(raw!)) as { format: string; record: { runs: unknown[] } };
    expect(json.format).toBe('loupe-raw-session');
    expect(json.record.runs).toHaveLength(3);
    expect(await readRawSession(db, 'missing')).toBeUndefined();
  });

  it('deletes a malformed session and its events; a fresh session then restores cleanly', async () => {
    const indexedDB = new IDBFactory();
    const storage = new MemoryStorage();
    const db = await plantHostileSession(indexedDB, storage, [{ runId: 'run-a' }]);
    await deleteRawSession(db, 'hostile');
    expect(await db.getSession('hostile')).toBeUndefined();
    expect(await db.readEvents('run-a')).toEqual([]);
    await deleteRawSession(db, 'hostile'); // twice is harmless
  });

  it('start fresh: a new session beside the failing one is what the next load opens', async () => {
    const indexedDB = new IDBFactory();
    const storage = new MemoryStorage();
    const db = await plantHostileSession(indexedDB, storage, 42);
    const fresh = await createFreshSession(db, {
      id: 'fresh',
      name: 'Fresh',
      now: 9e15 + 1,
      settings: pickSessionSettings(page(new IDBFactory(), new MemoryStorage()).getState().settings),
    });
    pointToSession(storage, fresh.id);
    clearRestoreFailure(storage);
    const store = page(indexedDB, storage);
    expect(await restoreSessions(store, storage, () => 0)).toBeNull();
    expect(store.getState().currentSessionId).toBe('fresh');
    expect(store.getState().sessions.map((session) => session.id)).toContain('hostile');
  });
});
