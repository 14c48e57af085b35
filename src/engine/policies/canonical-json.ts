// Pure: a JSON text that is the same for equal values whatever their key order. No I/O.
import { canonicalJson as sortedJson } from '../transcript/canonical-json';

/** `value` as JSON with object keys sorted at every depth (so `{a,b}` and `{b,a}` compare equal). */
export function canonicalJson(value: unknown): string {
  // `JSON.stringify` gives undefined for undefined (and functions): a signature still needs text.
  return sortedJson(value) ?? 'undefined';
}

// A call's input is parsed once and never changed by the engine; a round reads its signature twice (the
// duplicate check before the call, the loop guard after), so its canonical text is kept with the object,
// and so is the signature itself: the same string each time, whose hash the maps it keys compute once.
const signatures = new WeakMap<object, { canonical: string; name: string; signature: string }>();

/** The identity of a call for the loop guard and duplicate handling: name plus canonical arguments. */
export function callSignature(name: string, input: Record<string, unknown>): string {
  const known = signatures.get(input);
  if (known === undefined) {
    const canonical = canonicalJson(input);
    const signature = `${name} ${canonical}`;
    signatures.set(input, { canonical, name, signature });
    return signature;
  }
  return known.name === name ? known.signature : `${name} ${known.canonical}`;
}
