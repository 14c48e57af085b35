// Whether a stored run was held at a pause when the page went away (then it can resume right there).
import type { RunEvent } from '../../engine/event/run-event';

/** The id of the last pause of `events` that never ended, in a run that never ended; null otherwise. */
export function findHeldPause(events: readonly RunEvent[]): string | null {
  if (events.some((event) => event.type === 'run-end')) return null;
  const ended = new Set(events.flatMap((event) => (event.type === 'pause-end' ? [event.pauseId] : [])));
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    // An MCP App's call is held outside the loop: the run itself is not held there.
    if (event?.type === 'pause-start' && !ended.has(event.pauseId) && event.pause.appOf === undefined)
      return event.pauseId;
  }
  return null;
}
