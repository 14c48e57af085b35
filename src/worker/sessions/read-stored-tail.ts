// The last rounds of a long stored run, read from the end of its log, so an open sends them to the page first.
import type { RunEvent } from '../../engine/event/run-event';
import { findTailStart } from '../../shared/find-tail-start';
import { EVENTS_PER_READ, LONG_RUN_ROUNDS, TAIL_ROUNDS } from '../../protocol/session-messages';
import type { WorkerSessionDb } from './session-db';

/** A stored run's tail: its `run-start`, its events from `tailFrom` (a `round-start`) on, and how many it has. */
export interface StoredTail {
  total: number;
  tailFrom: number;
  first: RunEvent;
  tail: RunEvent[];
}

/** What reading a tail needs of the database: counts and key ranges. */
export type EventsReader = Pick<WorkerSessionDb, 'countEvents' | 'readEvents'>;

/**
 * The tail of run `runId` in `db`: pages of `EVENTS_PER_READ` events read backwards (keys are positions, so
 * a page is a key range) until `rounds` round starts are found. Null when the run has no more than `longerThan`
 * rounds (it is read whole) or its log is not the contiguous prefix it should be.
 */
export async function readStoredTail(
  db: EventsReader,
  runId: string,
  rounds: number = TAIL_ROUNDS,
  longerThan: number = LONG_RUN_ROUNDS,
): Promise<StoredTail | null> {
  const needed = Math.max(rounds, longerThan);
  const total = await db.countEvents(runId);
  const pages: RunEvent[][] = [];
  let starts = 0;
  // Back to one round start more than asked: the tail's first round may have events before its start.
  for (let end = total; end > 0 && starts <= needed;) {
    const from = Math.max(0, end - EVENTS_PER_READ);
    const page = await db.readEvents(runId, from, end);
    if (page.length !== end - from) return null;
    pages.unshift(page);
    starts += page.filter((event) => event.type === 'round-start').length;
    end = from;
  }
  const suffix = pages.flat();
  const start = findTailStart(suffix, rounds, longerThan);
  if (start === undefined) return null;
  const [first] = await db.readEvents(runId, 0, 1);
  if (first?.type !== 'run-start') return null;
  const offset = total - suffix.length;
  return { total, tailFrom: offset + start, first, tail: suffix.slice(start) };
}
