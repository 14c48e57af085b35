// Pure: how many rounds a stored log has begun, as its view shows them (an import's mark, a cut-short notice).

/** The fields of a run event this needs: its type, and its round when it names one. */
interface LoggedEvent {
  type: string;
  round?: number;
}

/**
 * How many rounds a log has begun, as its view shows them: every round an event names. A round's first event is
 * not always its `round-start` (a policy acting at the round's start comes before it), and a log cut just after
 * such an event shows that round.
 */
export function countRounds(events: readonly LoggedEvent[]): number {
  const rounds = new Set<number>();
  for (const event of events) if (typeof event.round === 'number') rounds.add(event.round);
  return rounds.size;
}
