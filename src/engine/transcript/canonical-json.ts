// Pure: JSON with object keys sorted, so values compare by content, not by key order.

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` compare equal. */
export function canonicalJson(value: unknown): string {
  // Most values (a model's tool input, say) already have their keys in order: then the text is the same
  // without building a sorted copy of every object (the engine asks this for every tool call).
  return JSON.stringify(isCanonical(value) ? value : sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortKeys(record[key])]),
  );
}

/**
 * Whether `JSON.stringify(value)` already writes what `sortKeys` would: arrays and plain objects only (a
 * Date or any class with `toJSON` is written differently once copied), every object's keys in sort order.
 */
function isCanonical(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every(isCanonical);
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const record = value as Record<string, unknown>;
  let previous: string | undefined;
  for (const key of Object.keys(record)) {
    // The order `sort()` gives: UTF-16 code units, as `<` compares strings.
    if (previous !== undefined && !(previous < key)) return false;
    if (!isCanonical(record[key])) return false;
    previous = key;
  }
  return true;
}
