import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
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
});
