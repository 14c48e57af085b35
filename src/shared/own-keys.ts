// Pure: plain-object maps keyed by names from outside (servers, models, imported files, the person), read and
// written so that `constructor`, `toString` or `__proto__` are keys like any other. Imports nothing.

/** `record[key]` only when it is the record's own entry: never `Object.prototype`'s `constructor` or `toString`. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets `record[key]` as an own entry: `__proto__` becomes a key, not the record's prototype. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}
