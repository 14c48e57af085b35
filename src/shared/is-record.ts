// Pure: the shape checks every layer makes of values from outside (JSON, storage, messages). Imports nothing.

/** Whether `value` is a plain object one can read keys of: not `null`, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether `value` is any object but `null`, arrays included: the looser check of a message's envelope, where
 * what matters is only that its fields can be read.
 */
export function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
