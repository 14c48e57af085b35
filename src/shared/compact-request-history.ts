// Pure: a request body's `messages` kept as a delta on the previous request of the same run, and back. Imports nothing.

/** `messages` = the first `kept` messages of the previous recorded request, then `added`. */
export interface CompactedHistory {
  kept: number;
  added: unknown[];
}

/** A record whose body's `messages` may be compacted into `history`. */
export interface CompactableRecord {
  body: Record<string, unknown>;
  history?: CompactedHistory;
}

/**
 * A compactor for one run: each call takes a body and gives it back without `messages`, plus the
 * `history` delta on the body before it (the first one keeps nothing). A run's requests repeat their
 * history, so this keeps a log of them linear instead of quadratic. Comparison is byte-exact (key order
 * included), so expanding gives back the very body that was sent.
 */
export function createHistoryCompactor(): (body: Record<string, unknown>) => CompactableRecord {
  let previous: readonly unknown[] = [];
  // The JSON text of `previous`'s messages where it was written (undefined: not yet). A provider's record is
  // parsed from the wire, so every request brings fresh objects and the whole shared prefix is compared as
  // text: each message's text is written once per request, not a second time for the request before it.
  let previousJson: (string | undefined)[] = [];
  return (whole) => {
    const { messages, ...body } = whole;
    if (!Array.isArray(messages)) return { body };
    const current = messages as unknown[];
    const currentJson: (string | undefined)[] = [];
    let kept = 0;
    while (kept < current.length && kept < previous.length) {
      const left = current[kept];
      const right = previous[kept];
      if (left === right) {
        currentJson.push(previousJson[kept]);
      } else {
        const text = JSON.stringify(left);
        currentJson.push(text);
        if (text !== (previousJson[kept] ?? JSON.stringify(right))) break;
      }
      kept += 1;
    }
    previous = current;
    previousJson = currentJson;
    return { body, history: { kept, added: current.slice(kept) } };
  };
}

/**
 * The records with their bodies whole again, in the order they were recorded (one run). A record that
 * keeps more messages than the record before it had cannot be rebuilt: it comes back `undefined`.
 */
export function expandHistories<T extends CompactableRecord>(
  records: readonly T[],
): (Omit<T, 'history'> | undefined)[] {
  let previous: unknown[] | undefined = [];
  return records.map((record) => {
    const { history, ...rest } = record;
    if (history === undefined) return rest;
    if (history.kept > 0 && (previous === undefined || history.kept > previous.length)) {
      previous = undefined;
      return undefined;
    }
    const messages = [...(previous ?? []).slice(0, history.kept), ...history.added];
    previous = messages;
    return { ...rest, body: { ...rest.body, messages } };
  });
}
