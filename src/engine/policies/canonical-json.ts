// Pure: a JSON text that is the same for equal values whatever their key order. No I/O.
import { canonicalJson as sortedJson } from '../transcript/canonical-json';

/** `value` as JSON with object keys sorted at every depth (so `{a,b}` and `{b,a}` compare equal). */
export function canonicalJson(value: unknown): string {
  // `JSON.stringify` gives undefined for undefined (and functions): a signature still needs text.
  return sortedJson(value) ?? 'undefined';
}

/**
 * The identity of a call for the loop guard and duplicate handling: name plus canonical arguments. Made once
 * per call by the round's executor, which hands it to the loop guard (`RoundExecutor.signatureOf`).
 */
export function callSignature(name: string, input: Record<string, unknown>): string {
  return `${name} ${canonicalJson(input)}`;
}
