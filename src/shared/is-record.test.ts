import { describe, expect, it } from 'vitest';
import { isObjectLike, isRecord } from './is-record';

describe('isRecord', () => {
  it('accepts plain objects and refuses null, arrays and primitives', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    expect([null, [], [1], 'x', 1, undefined, true].map(isRecord)).toEqual(Array(7).fill(false));
  });
});

describe('isObjectLike', () => {
  it('accepts arrays too, but not null or primitives', () => {
    expect([{}, [], [1]].map(isObjectLike)).toEqual([true, true, true]);
    expect([null, 'x', 1, undefined].map(isObjectLike)).toEqual([false, false, false, false]);
  });
});
