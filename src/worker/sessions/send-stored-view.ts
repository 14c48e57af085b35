// The view of a stored run, sent to the page that opens it (or of a run the worker keeps, `run-view`): a long
// run's tail first, then its whole log in parts.
import type { RunEvent } from '../../engine/event/run-event';
import { findTailStart } from '../../shared/find-tail-start';
import { EVENTS_PER_READ, LONG_RUN_ROUNDS, TAIL_ROUNDS } from '../../protocol/session-messages';
import type { StoredRunViewMessage } from '../../protocol/stored-run-view-messages';
import { readStoredTail, type EventsReader } from './read-stored-tail';

export interface StoredViewSender {
  /** A long run's `run-start` and last rounds, read from the end of its log (nothing for a short run). */
  tail(db: EventsReader): Promise<void>;
  /** The same tail of a run the worker keeps, `events` its log (nothing for a short run). */
  keptTail(events: readonly RunEvent[]): void;
  /** The whole stored log, in parts of `EVENTS_PER_READ` events from position 0. */
  log(events: readonly RunEvent[]): void;
}

/** The sender of run `runId`'s view under `viewId` (stored-run-view-messages.ts), posting with `post`. */
export function createStoredViewSender(
  runId: string,
  viewId: string,
  post: (message: StoredRunViewMessage) => void,
): StoredViewSender {
  return {
    async tail(db) {
      // A tail that cannot be read is no tail: the whole log follows (and a failure to read it fails the open).
      const stored = await readStoredTail(db, runId).catch(() => null);
      if (stored !== null)
        post({ type: 'stored-run-view', viewId, runId, part: 'tail', events: [stored.first, ...stored.tail] });
    },
    keptTail(events) {
      const tailFrom = findTailStart(events, TAIL_ROUNDS, LONG_RUN_ROUNDS);
      const [first] = events;
      if (tailFrom !== undefined && first?.type === 'run-start')
        post({ type: 'stored-run-view', viewId, runId, part: 'tail', events: [first, ...events.slice(tailFrom)] });
    },
    log(events) {
      for (let from = 0; from < events.length; from += EVENTS_PER_READ)
        post({
          type: 'stored-run-view',
          viewId,
          runId,
          part: 'log',
          from,
          events: events.slice(from, from + EVENTS_PER_READ),
        });
    },
  };
}
