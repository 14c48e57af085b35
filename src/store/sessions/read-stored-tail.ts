// The last rounds of a long stored run, read from the end of its log, so a restore shows them first.
import type { RunEvent } from '../../engine/event/run-event';
import { EVENTS_PER_READ, TAIL_ROUNDS } from '../../protocol/session-messages';
import { foldRunEvents } from '../fold-run-events';
import { initialRunView, type RunView } from '../run-view';
import { foldInParts } from './load-in-parts';
import type { SessionDb } from './session-db';

/** A stored run's tail: its `run-start`, its events from `tailFrom` (a `round-start`) on, and how many it has. */
export interface StoredTail {
  total: number;
  tailFrom: number;
  first: RunEvent;
  tail: RunEvent[];
}

/**
 * The tail of run `runId` in `db`: pages of `EVENTS_PER_READ` events read backwards (keys are positions, so
 * a page is a key range) until `rounds` round starts are found. Null when the run has no more than `rounds`
 * rounds (the whole log is the tail) or its log is not the contiguous prefix it should be.
 */
export async function readStoredTail(
  db: SessionDb,
  runId: string,
  rounds: number = TAIL_ROUNDS,
): Promise<StoredTail | null> {
  const total = await db.countEvents(runId);
  const pages: RunEvent[][] = [];
  let starts = 0;
  for (let end = total; end > 0;) {
    const from = Math.max(0, end - EVENTS_PER_READ);
    const page = await db.readEvents(runId, from, end);
    if (page.length !== end - from) return null;
    pages.unshift(page);
    for (let index = page.length - 1; index >= 0; index -= 1) {
      if (page[index]?.type !== 'round-start') continue;
      starts += 1;
      // The run's first round starts right after `run-start`: a tail from there is the whole log.
      if (starts === rounds && from + index > 1) {
        const [first] = await db.readEvents(runId, 0, 1);
        if (first?.type !== 'run-start') return null;
        return { total, tailFrom: from + index, first, tail: pages.flat().slice(index) };
      }
    }
    end = from;
  }
  return null;
}

/** The view of a stored tail: the run as it stands, with only its last rounds (folded a part at a time). */
export function viewOfStoredTail({ first, tail }: StoredTail): Promise<RunView> {
  return foldInParts(tail, foldRunEvents({ ...initialRunView }, [first]));
}
