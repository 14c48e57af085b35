import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { createMemorySessionDb } from '../../shared/sessions/memory-session-db';
import { EVENTS_PER_TRANSACTION, openSessionDb } from './session-db';

const delta = (seq: number): RunEvent => ({ type: 'text-delta', round: 1, index: 0, text: `t${seq}` });
const many = (count: number, from = 0) => Array.from({ length: count }, (_, index) => delta(from + index));

afterEach(() => vi.restoreAllMocks());

describe('session database: large logs in batches', () => {
  it('writes a long log in several short transactions and reads it back whole and in order', async () => {
    const db = await openSessionDb(new IDBFactory(), { name: 'batches' });
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const count = EVENTS_PER_TRANSACTION * 4 + 7;
    await db.appendEvents('run-a', 0, many(count));
    expect(transactions).toHaveBeenCalledTimes(5);
    await db.appendEvents('run-b', 0, many(3));
    transactions.mockClear();
    const read = await db.readEvents('run-a');
    expect(read).toEqual(many(count));
    // Read a page per transaction too (the last page is short).
    expect(transactions).toHaveBeenCalledTimes(5);
    expect(await db.readEvents('run-b')).toEqual(many(3));
  });

  it('goes on after the stored prefix, and a batch written again gives the same rows', async () => {
    const db = await openSessionDb(new IDBFactory(), { name: 'append' });
    await db.appendEvents('run', 0, many(EVENTS_PER_TRANSACTION + 1));
    await db.appendEvents('run', EVENTS_PER_TRANSACTION + 1, many(10, EVENTS_PER_TRANSACTION + 1));
    // A checkpoint retried after a failure writes the same positions again.
    await db.appendEvents('run', EVENTS_PER_TRANSACTION + 1, many(10, EVENTS_PER_TRANSACTION + 1));
    expect(await db.readEvents('run')).toEqual(many(EVENTS_PER_TRANSACTION + 11));
    expect(await db.readEvents('none')).toEqual([]);
  });

  it('reads an exact multiple of the page size without losing the last page', async () => {
    const db = await openSessionDb(new IDBFactory(), { name: 'exact' });
    await db.appendEvents('run', 0, many(EVENTS_PER_TRANSACTION * 2));
    expect(await db.readEvents('run')).toHaveLength(EVENTS_PER_TRANSACTION * 2);
  });

  it('reads a key range of a run and counts its events, whatever the bounds', async () => {
    for (const db of [
      await openSessionDb(new IDBFactory(), { name: 'range' }),
      createMemorySessionDb<never, RunEvent>(),
    ]) {
      const count = EVENTS_PER_TRANSACTION * 3;
      await db.appendEvents('run', 0, many(count));
      await db.appendEvents('other', 0, many(5));
      expect(await db.countEvents('run')).toBe(count);
      expect(await db.countEvents('none')).toBe(0);
      // A range ending on a page boundary, one past the end, an empty and an inverted one.
      expect(await db.readEvents('run', EVENTS_PER_TRANSACTION, EVENTS_PER_TRANSACTION * 2)).toEqual(
        many(EVENTS_PER_TRANSACTION, EVENTS_PER_TRANSACTION),
      );
      expect(await db.readEvents('run', count - 3, count + 50)).toEqual(many(3, count - 3));
      expect(await db.readEvents('run', 0, 1)).toEqual(many(1));
      expect(await db.readEvents('run', 7, 7)).toEqual([]);
      expect(await db.readEvents('run', 9, 2)).toEqual([]);
      expect(await db.readEvents('run', count)).toEqual([]);
    }
  });
});
