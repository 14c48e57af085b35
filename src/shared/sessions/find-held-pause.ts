// Pure: whether a stored run was held at a pause when the page went away (then it can resume right there).
// Read by the worker (which opens stored runs) and the page (which shows their tails); no engine import.

/** The fields of a run event this needs: its type and, for a pause, its id and whether it holds an App's call. */
interface LoggedEvent {
  type: string;
  pauseId?: string;
  pause?: { appOf?: unknown };
}

/** The id of the last pause of `events` that never ended, in a run that never ended; null otherwise. */
export function findHeldPause(events: readonly LoggedEvent[]): string | null {
  if (events.some((event) => event.type === 'run-end')) return null;
  const ended = new Set(events.flatMap((event) => (event.type === 'pause-end' ? [event.pauseId] : [])));
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    // An MCP App's call is held outside the loop: the run itself is not held there.
    if (event?.type === 'pause-start' && !ended.has(event.pauseId) && event.pause?.appOf === undefined)
      return event.pauseId ?? null;
  }
  return null;
}
