import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { callSignature, canonicalJson as signatureJson } from '../policies/canonical-json';

describe('canonicalJson', () => {
  it('writes the same text whatever the key order, at every depth', () => {
    const sorted = { a: 1, b: [{ x: 1, y: { p: true, q: null } }], c: 'z' };
    const shuffled = { c: 'z', b: [{ y: { q: null, p: true }, x: 1 }], a: 1 };
    expect(canonicalJson(shuffled)).toBe('{"a":1,"b":[{"x":1,"y":{"p":true,"q":null}}],"c":"z"}');
    expect(canonicalJson(sorted)).toBe(canonicalJson(shuffled));
  });

  it('orders keys exactly as sort() does, for few keys and for many', () => {
    const alphabet = ['a', 'B', 'é', '_', '1', '10', '2', 'aa', 'Ab', '😀', 'z', '\u00ff', ' '];
    let seed = 7;
    const pick = () => {
      seed = (seed * 48271) % 2147483647;
      return alphabet[seed % alphabet.length] ?? '';
    };
    for (let size = 0; size <= 20; size += 1) {
      const record: Record<string, number> = {};
      for (let index = 0; index < size; index += 1) record[pick() + pick()] = index;
      // A sorted copy as sort() orders it (integer-like keys still come first in any object).
      const expected = Object.fromEntries(
        Object.keys(record)
          .sort()
          .map((key) => [key, record[key]]),
      );
      expect(canonicalJson(record)).toBe(JSON.stringify(expected));
    }
  });

  it('sorts integer-like keys as text, as sort() does (the object keeps them numerically)', () => {
    // Object.keys gives ['2', '10'] for both; sorted as text '10' comes first, and a copy cannot keep that
    // order, so both forms write the engine's one answer.
    expect(canonicalJson({ '2': 'b', '10': 'a' })).toBe(canonicalJson({ '10': 'a', '2': 'b' }));
    expect(canonicalJson({ b: 1, '2': 2 })).toBe('{"2":2,"b":1}');
  });

  it('writes non-plain objects as their sorted copy would be (a Date becomes {})', () => {
    const date = new Date(0);
    expect(canonicalJson({ at: date })).toBe('{"at":{}}');
    class Point {
      constructor(
        readonly x = 1,
        readonly y = 2,
      ) {}
      toJSON() {
        return 'point';
      }
    }
    expect(canonicalJson([new Point()])).toBe('[{"x":1,"y":2}]');
  });

  it('keeps an own __proto__ key from parsed JSON and changes no prototype', () => {
    const parsed = JSON.parse('{"z":1,"__proto__":{"polluted":true}}') as unknown;
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"polluted":true},"z":1}');
    // Nested, among keys that need sorting, and next to an own toJSON (which the sorted copy keeps).
    const nested = JSON.parse('{"b":[{"y":1,"__proto__":[2],"x":0}],"a":{"toJSON":1,"__proto__":null}}') as unknown;
    expect(canonicalJson(nested)).toBe('{"a":{"__proto__":null,"toJSON":1},"b":[{"__proto__":[2],"x":0,"y":1}]}');
    expect(canonicalJson({ b: 1, a: { toJSON: () => 'own' } })).toBe('{"a":"own","b":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives signatures text even for undefined, and equal signatures for reordered inputs', () => {
    expect(signatureJson(undefined)).toBe('undefined');
    expect(callSignature('f', { b: 1, a: [2, { d: 1, c: 0 }] })).toBe(
      callSignature('f', { a: [2, { c: 0, d: 1 }], b: 1 }),
    );
    expect(callSignature('f', { a: 1 })).not.toBe(callSignature('g', { a: 1 }));
  });

  it('gives one input object the signature of the name asked for, each time', () => {
    const input = { b: 1, a: 2 };
    expect(callSignature('f', input)).toBe('f {"a":2,"b":1}');
    expect(callSignature('F', input)).toBe('F {"a":2,"b":1}');
    expect(callSignature('f', input)).toBe('f {"a":2,"b":1}');
  });
});
