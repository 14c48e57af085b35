// Pure: an object copied with some fields set, built on a hidden class the JavaScript engine reuses. No I/O.

/**
 * `{ ...base, ...fields }`: the same own keys in the same order, with the same values (getters read, as a
 * spread reads them). Made by `Object.assign` onto a new object instead: in V8 (Node 20) a spread followed by
 * any other property makes a new hidden class each time it runs, so every copy came with a map of its own
 * (allocated in the old generation) and whatever read those copies went megamorphic. An own `__proto__` key
 * (parsed JSON can have one) is copied by the spread, as `Object.assign` would set the prototype instead.
 */
export function copyWith<T extends object, F extends object>(base: T, fields: F): Omit<T, keyof F> & F {
  if (Object.hasOwn(base, '__proto__') || Object.hasOwn(fields, '__proto__')) return { ...base, ...fields };
  return Object.assign({}, base, fields);
}
