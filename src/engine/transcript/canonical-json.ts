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
  // Filled key by key (no array of entries per object), into a plain object: one made with no prototype
  // starts in dictionary mode, which `JSON.stringify` writes at about half the speed. An own `__proto__`
  // key (parsed JSON may have one) is defined, as assigning it would set the prototype instead.
  const sorted: Record<string, unknown> = {};
  for (const key of sortedKeys(record)) {
    if (key === '__proto__')
      Object.defineProperty(sorted, key, { value: sortKeys(record[key]), enumerable: true, writable: true });
    else sorted[key] = sortKeys(record[key]);
  }
  return sorted;
}

/** The keys of `record` in the order `sort()` gives (UTF-16 code units, as `<` compares strings). */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  if (keys.length > 12) return keys.sort();
  // Few keys (a tool input's): sorted in place by insertion, as `sort()` sets up more per call (its state,
  // a work array) than comparing a handful of keys costs.
  for (let index = 1; index < keys.length; index += 1) {
    const key = keys[index] as string;
    let at = index - 1;
    for (; at >= 0 && (keys[at] as string) > key; at -= 1) keys[at + 1] = keys[at] as string;
    keys[at + 1] = key;
  }
  return keys;
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
