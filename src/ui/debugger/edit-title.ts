// The hover text of an edit chip: what the value was and what it became.
import type { EditRecord } from '../../engine/debug/debug-event';

/** `value` as JSON, or `(none)` for a field the request did not have (an edit can add one, e.g. temperature). */
function shown(value: unknown, limit: number | undefined): string {
  // JSON.stringify gives undefined, not a string, for undefined (and for functions and symbols).
  const json = (JSON.stringify(value) as string | undefined) ?? '(none)';
  return limit === undefined ? json : json.slice(0, limit);
}

/** "before: …\nafter: …", each side cut to `limit` characters when given. */
export function editTitle(edit: EditRecord, limit?: number): string {
  return `before: ${shown(edit.before, limit)}\nafter: ${shown(edit.after, limit)}`;
}
