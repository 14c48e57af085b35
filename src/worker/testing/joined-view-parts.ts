// The stored-run-view stream's `log` parts, as a page folds them: tests of `session-open` and `run-view` read
// the stream the worker posted through this one check.
import { expect } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { EVENTS_PER_READ } from '../../protocol/session-messages';
import type { StoredRunViewMessage } from '../../protocol/stored-run-view-messages';

/** The `log` parts joined, each checked to start where the one before ended and to be at most a part's size. */
export function joinedViewParts(parts: StoredRunViewMessage[]): RunEvent[] {
  const events: RunEvent[] = [];
  for (const part of parts) {
    if (part.part !== 'log') continue;
    expect(part.from).toBe(events.length);
    expect(part.events.length).toBeLessThanOrEqual(EVENTS_PER_READ);
    events.push(...part.events);
  }
  return events;
}
