import { describe, expect, it } from 'vitest';
import { findChainRoot } from './find-chain-root';

const parents = (entries: Record<string, string | null>) => (id: string) => entries[id];

describe('findChainRoot', () => {
  it('follows parents to the root', () => {
    const parentOf = parents({ a: null, b: 'a', c: 'b' });
    expect(findChainRoot('c', parentOf)).toBe('a');
    expect(findChainRoot('a', parentOf)).toBe('a');
    expect(findChainRoot('unknown', parentOf)).toBe('unknown');
  });

  it('ends on a loop and names the same root from every member', () => {
    const parentOf = parents({ a: 'c', b: 'a', c: 'b', d: 'b', self: 'self' });
    expect(['a', 'b', 'c', 'd'].map((id) => findChainRoot(id, parentOf))).toEqual(['a', 'a', 'a', 'a']);
    expect(findChainRoot('self', parentOf)).toBe('self');
  });

  it('walks a 100,000-long chain ending in a loop without recursion', () => {
    const entries: Record<string, string | null> = {};
    for (let index = 0; index < 100_000; index += 1) entries[`n${index}`] = `n${index + 1}`;
    entries['n100000'] = 'n99990';
    expect(findChainRoot('n0', parents(entries))).toBe('n100000');
  });
});
