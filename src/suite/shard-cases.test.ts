import { describe, expect, it } from 'vitest';
import { parseShard, shardCases } from './shard-cases';

const cases = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `case-${index + 1}` }));

describe('shardCases', () => {
  it('splits 5 cases over 2 machines into 2 + 3, in file order', () => {
    expect(shardCases(cases(5), { index: 1, total: 2 }).map((c) => c.id)).toEqual(['case-1', 'case-2']);
    expect(shardCases(cases(5), { index: 2, total: 2 }).map((c) => c.id)).toEqual(['case-3', 'case-4', 'case-5']);
  });

  it('holds every case exactly once over the shards, for any count and any n', () => {
    for (let count = 0; count <= 13; count += 1)
      for (let total = 1; total <= 7; total += 1) {
        const parts = Array.from({ length: total }, (_, index) =>
          shardCases(cases(count), { index: index + 1, total }),
        );
        expect(parts.flat().map((c) => c.id)).toEqual(cases(count).map((c) => c.id));
        const sizes = parts.map((part) => part.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
  });

  it('gives the same split every time (no randomness, no clock)', () => {
    const first = shardCases(cases(9), { index: 2, total: 3 });
    expect(shardCases(cases(9), { index: 2, total: 3 })).toEqual(first);
  });
});

describe('parseShard', () => {
  it('reads i/n and refuses what is not one', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, total: 3 });
    for (const bad of [undefined, '0/2', '3/2', '1/0', '1-2', '1/2/3', 'a/b', ' 1/2'])
      expect(typeof parseShard(bad)).toBe('string');
  });
});
