import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../policies/canonical-json';
import { parseToolInput } from './parse-tool-input';
import { repairJson } from './repair-json';

describe('repairJson', () => {
  it('removes trailing commas and closes what was cut short', () => {
    expect(repairJson('{"a": 1,}')).toBe('{"a": 1}');
    expect(repairJson('{"a": [1, 2,],}')).toBe('{"a": [1, 2]}');
    expect(repairJson('{"city": "Par')).toBe('{"city": "Par"}');
    expect(repairJson('{"a": {"b": [1')).toBe('{"a": {"b": [1]}}');
    expect(repairJson('{"a":')).toBe('{"a":null}');
    expect(repairJson('{"text": "a, }"')).toBe('{"text": "a, }"}');
  });

  it('gives up on what is not JSON at all', () => {
    expect(repairJson('{"a": }')).toBeUndefined();
    expect(repairJson('city=Paris')).toBeUndefined();
  });

  it('is used by parseToolInput only when asked, and marks the input repaired', () => {
    expect(parseToolInput('{"a": 1,}')).toMatchObject({ ok: false });
    expect(parseToolInput('{"a": 1,}', { repair: true })).toEqual({ ok: true, input: { a: 1 }, repaired: true });
    expect(parseToolInput('{"a": 1}', { repair: true })).toEqual({ ok: true, input: { a: 1 } });
  });
});

describe('canonicalJson', () => {
  it('ignores key order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: 3 } })).toBe(
      canonicalJson({ a: { c: 3, d: [2, { e: 0, f: 1 }] }, b: 1 }),
    );
  });
});
