import { describe, expect, it } from 'vitest';
import { copyWith } from './copy-with';

const spread = (base: object, fields: object): object => ({ ...base, ...fields });
const entries = (value: object) =>
  Reflect.ownKeys(value).map((key): [PropertyKey, unknown] => [key, Reflect.get(value, key) as unknown]);

describe('copyWith', () => {
  it('gives what a spread gives: keys in order, overridden in place, new ones last, symbols too', () => {
    const symbol = Symbol('s');
    const base = { system: 'S', tools: [1], maxTokens: 5, [symbol]: 1 };
    const fields = { tools: [2], messages: [] };
    const copy = copyWith(base, fields);
    expect(entries(copy)).toEqual(entries(spread(base, fields)));
    expect(Object.keys(copy)).toEqual(['system', 'tools', 'maxTokens', 'messages']);
    expect(copy.tools).toBe(fields.tools);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(base.tools).toEqual([1]);
  });

  it('copies values, not getters, and leaves out what is not enumerable', () => {
    let reads = 0;
    const base = Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false });
    Object.defineProperty(base, 'lazy', { get: () => (reads += 1), enumerable: true });
    const copy = copyWith(base, { b: 3 });
    expect(Object.getOwnPropertyDescriptor(copy, 'lazy')).toMatchObject({ value: 1, writable: true });
    expect(reads).toBe(1);
    expect(entries(copy)).toEqual([
      ['a', 1],
      ['lazy', 1],
      ['b', 3],
    ]);
  });

  it('keeps an own __proto__ key as a key, as a spread does, changing no prototype', () => {
    const parsed = JSON.parse('{"model":"m","__proto__":{"polluted":true}}') as object;
    const copy = copyWith(parsed, { messages: [] });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(entries(copy)).toEqual(entries(spread(parsed, { messages: [] })));
    const fromFields = copyWith({ a: 1 }, JSON.parse('{"__proto__":[1]}') as object);
    expect(Object.getPrototypeOf(fromFields)).toBe(Object.prototype);
    expect(Object.keys(fromFields)).toEqual(['a', '__proto__']);
  });
});
