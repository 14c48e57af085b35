// Moved from session-db-batches.test.ts (now in src/worker/sessions) when the sessions database moved to the worker,
// then from src/store/sessions when the worker began sending the page a stored run's view (tail first).
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { LONG_RUN_ROUNDS, TAIL_ROUNDS } from '../../protocol/session-messages';
import { createMemorySessionDb } from '../../shared/sessions/memory-session-db';
import { readStoredTail, type EventsReader } from './read-stored-tail';
import type { StoredSession } from '../../protocol/session-storage-messages';

const delta = (seq: number): RunEvent => ({ type: 'text-delta', round: 1, index: 0, text: `t${seq}` });

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
    const db = createMemorySessionDb<StoredSession, RunEvent>();
    await db.appendEvents('run', 0, log(500));
    const tail = await readStoredTail(db, 'run', 30);
    expect(tail?.total).toBe(1 + 500 * 3);
    expect(tail?.tailFrom).toBe(1 + 470 * 3);
    expect(tail?.first).toEqual(runStart);
    expect(tail?.tail).toEqual(log(500).slice(1 + 470 * 3));
  });

  it('is none for a run of no more rounds than the tail, or a log that is not a contiguous prefix', async () => {
    const db = createMemorySessionDb<StoredSession, RunEvent>();
    await db.appendEvents('short', 0, log(30));
    expect(await readStoredTail(db, 'short', 30)).toBeNull();
    expect(await readStoredTail(db, 'none', 30)).toBeNull();
    await db.appendEvents('run', 0, log(100));
    // Positions missing (IndexedDB keeps rows by position: a write far past the end leaves a gap): the count no
    // longer matches the last position.
    const gaps: EventsReader = { ...db, countEvents: async (runId) => (await db.countEvents(runId)) + 10 };
    expect(await readStoredTail(gaps, 'run', 30)).toBeNull();
  });

  it('is none for a run of no more than LONG_RUN_ROUNDS rounds, and the last TAIL_ROUNDS of a longer one', async () => {
    const db = createMemorySessionDb<StoredSession, RunEvent>();
    await db.appendEvents('thirty', 0, log(LONG_RUN_ROUNDS));
    await db.appendEvents('longer', 0, log(LONG_RUN_ROUNDS + 1));
    expect(await readStoredTail(db, 'thirty')).toBeNull();
    const tail = await readStoredTail(db, 'longer');
    expect(tail?.tailFrom).toBe(1 + (LONG_RUN_ROUNDS + 1 - TAIL_ROUNDS) * 3);
    expect(tail?.tail).toEqual(log(LONG_RUN_ROUNDS + 1).slice(1 + (LONG_RUN_ROUNDS + 1 - TAIL_ROUNDS) * 3));
  });
});
