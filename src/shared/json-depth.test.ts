import { describe, expect, it } from 'vitest';
import { measureJsonTextDepth, measureValueDepth } from './json-depth';

describe('measureJsonTextDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(measureJsonTextDepth('1')).toBe(0);
    expect(measureJsonTextDepth('{}')).toBe(1);
    expect(measureJsonTextDepth('{"a":[[1],{"b":{}}]}')).toBe(4);
    expect(measureJsonTextDepth('{"a":"[[[{{{\\"[["}')).toBe(1);
  });

  it('stops counting past the limit, and handles 1,000,000 levels without recursion', () => {
    expect(measureJsonTextDepth('['.repeat(1_000_000), 128)).toBe(129);
    expect(measureJsonTextDepth('['.repeat(1_000_000) + ']'.repeat(1_000_000))).toBe(1_000_000);
  });

  it('does not go below zero on stray closing brackets', () => {
    expect(measureJsonTextDepth(']]]][')).toBe(1);
  });
});

describe('measureValueDepth', () => {
  it('measures parsed values without recursion', () => {
    expect(measureValueDepth('x')).toBe(0);
    expect(measureValueDepth({ a: [1, { b: [] }] })).toBe(4);
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    expect(measureValueDepth(deep, 128)).toBe(129);
    expect(measureValueDepth(deep)).toBe(200_000);
  });

  it('terminates on a cycle', () => {
    const loop: Record<string, unknown> = {};
    loop['self'] = { back: loop };
    expect(measureValueDepth(loop)).toBe(2);
  });
});
