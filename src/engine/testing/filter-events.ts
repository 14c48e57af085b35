// Test helper: picks events of one type, typed. Pure.
import type { RunEvent } from '../event/run-event';

/** The events of `type`, in order, narrowed to that variant. */
export function filterEvents<T extends RunEvent['type']>(
  events: readonly RunEvent[],
  type: T,
): Extract<RunEvent, { type: T }>[] {
  return events.filter((event): event is Extract<RunEvent, { type: T }> => event.type === type);
}
