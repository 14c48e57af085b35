// Pure: where the last rounds of a run's event log begin (for a view of its tail), in the worker or the page.

/** The fields of a run event this needs: its type and, for most, its round. */
interface LoggedEvent {
  type: string;
  round?: unknown;
}

/**
 * Where the last `rounds` rounds of `events` begin: their first `round-start`, or an event of that round just
 * before it (a transcript replays a round's policy acts first). None when the log has no more than `longerThan`
 * rounds (at least `rounds`); `events` may be a suffix of a log, as long as it holds the `round-start` before the
 * tail's first one and, past that, `longerThan` + 1 round starts in all.
 */
export function findTailStart(
  events: readonly LoggedEvent[],
  rounds: number,
  longerThan: number = rounds,
): number | undefined {
  let seen = 0;
  let start: number | undefined;
  let before: number | undefined;
  for (let index = events.length - 1; index >= 0; index -= 1) {
    if (events[index]?.type !== 'round-start') continue;
    seen += 1;
    if (seen === rounds) start = index;
    else if (seen === rounds + 1) before = index;
    if (start === undefined || before === undefined || seen <= longerThan) continue;
    const first = events[start]?.round;
    while (start > before + 1 && events[start - 1]?.round === first) start -= 1;
    return start;
  }
  return undefined;
}
