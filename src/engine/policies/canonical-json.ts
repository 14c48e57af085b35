// Pure: a JSON text that is the same for equal values whatever their key order. No I/O.
import { canonicalJson as sortedJson } from '../transcript/canonical-json';

/** `value` as JSON with object keys sorted at every depth (so `{a,b}` and `{b,a}` compare equal). */
export function canonicalJson(value: unknown): string {
  // `JSON.stringify` gives undefined for undefined (and functions): a signature still needs text.
  return sortedJson(value) ?? 'undefined';
}

// A call's input is parsed once and never changed by the engine; a round reads its signature twice (the
// duplicate check before the call, the loop guard after), so the canonical text is kept with the object.
const canonicalInputs = new WeakMap<object, string>();

/** The identity of a call for the loop guard and duplicate handling: name plus canonical arguments. */
export function callSignature(name: string, input: Record<string, unknown>): string {
  let canonical = canonicalInputs.get(input);
  if (canonical === undefined) {
    canonical = canonicalJson(input);
    canonicalInputs.set(input, canonical);
  }
  return `${name} ${canonical}`;
}
