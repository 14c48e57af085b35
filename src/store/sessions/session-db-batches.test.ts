import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { createMemorySessionDb } from './memory-session-db';
import { LONG_RUN_ROUNDS, TAIL_ROUNDS } from '../../protocol/session-messages';
import { readStoredTail } from './read-stored-tail';
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
    for (const db of [await openSessionDb(new IDBFactory(), { name: 'range' }), createMemorySessionDb()]) {
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

describe('the tail of a stored run', () => {
  const round = (number: number): RunEvent[] =>
    [
      { type: 'policy-act', round: number, policy: 'eager-start', detail: 'early' },
      { type: 'round-start', at: number, round: number, request: { model: 'm', messageCount: 1, maxTokens: 1 } },
      delta(number),
    ] as RunEvent[];
  const runStart = { type: 'run-start', at: 0 } as unknown as RunEvent;
  const log = (rounds: number) => [runStart, ...Array.from({ length: rounds }, (_, index) => round(index + 1)).flat()];

  it('starts at its last rounds, with the events of the first of them that come before its start', async () => {
    const db = createMemorySessionDb();
    await db.appendEvents('run', 0, log(500));
    const tail = await readStoredTail(db, 'run', 30);
    expect(tail?.total).toBe(1 + 500 * 3);
    expect(tail?.tailFrom).toBe(1 + 470 * 3);
    expect(tail?.first).toEqual(runStart);
    expect(tail?.tail).toEqual(log(500).slice(1 + 470 * 3));
  });

  it('is none for a run of no more rounds than the tail, or a log that is not a contiguous prefix', async () => {
    const db = createMemorySessionDb();
    await db.appendEvents('short', 0, log(30));
    expect(await readStoredTail(db, 'short', 30)).toBeNull();
    expect(await readStoredTail(db, 'none', 30)).toBeNull();
    const gaps = await openSessionDb(new IDBFactory(), { name: 'gaps' });
    await gaps.appendEvents('run', 0, log(100));
    // Positions 0…9 missing: the count no longer matches the last position.
    await gaps.appendEvents('run', 1_000, log(10));
    expect(await readStoredTail(gaps, 'run', 30)).toBeNull();
  });

  it('is none for a run of no more than LONG_RUN_ROUNDS rounds, and the last TAIL_ROUNDS of a longer one', async () => {
    const db = createMemorySessionDb();
    await db.appendEvents('thirty', 0, log(LONG_RUN_ROUNDS));
    await db.appendEvents('longer', 0, log(LONG_RUN_ROUNDS + 1));
    expect(await readStoredTail(db, 'thirty')).toBeNull();
    const tail = await readStoredTail(db, 'longer');
    expect(tail?.tailFrom).toBe(1 + (LONG_RUN_ROUNDS + 1 - TAIL_ROUNDS) * 3);
    expect(tail?.tail).toEqual(log(LONG_RUN_ROUNDS + 1).slice(1 + (LONG_RUN_ROUNDS + 1 - TAIL_ROUNDS) * 3));
  });
});
