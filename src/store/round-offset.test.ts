import { describe, expect, it } from 'vitest';
import type { BranchInfo } from '../protocol/debug-messages';
import { inheritedRoundsOf, roundOffsetOf } from './round-offset';

const branch = (runId: string, parentRunId: string | null, forkRound: number | null, name = runId): BranchInfo => ({
  runId,
  name,
  parentRunId,
  forkRound,
});

describe('roundOffsetOf', () => {
  it('is 0 for an original run, an unknown run and no run', () => {
    const branches = [branch('a', null, null)];
    expect(roundOffsetOf(branches, 'a')).toBe(0);
    expect(roundOffsetOf(branches, 'zzz')).toBe(0);
    expect(roundOffsetOf(branches, null)).toBe(0);
  });

  it('shifts a fork of round N by N − 1, so its first round is shown as round N', () => {
    expect(roundOffsetOf([branch('a', null, null), branch('b', 'a', 5)], 'b')).toBe(4);
    expect(roundOffsetOf([branch('a', null, null), branch('b', 'a', 1)], 'b')).toBe(0);
  });

  it('adds up a chain of forks (a fork of round 3 of a fork of round 5 starts at round 7)', () => {
    const branches = [branch('a', null, null), branch('b', 'a', 5), branch('c', 'b', 3)];
    expect(roundOffsetOf(branches, 'c')).toBe(6);
  });

  it('stops on a loop and never trusts a hostile forkRound', () => {
    expect(roundOffsetOf([branch('a', 'b', 2), branch('b', 'a', 3)], 'a')).toBe(3);
    expect(roundOffsetOf([branch('a', null, null), branch('b', 'a', -7)], 'b')).toBe(0);
    expect(roundOffsetOf([branch('a', null, null), branch('b', 'a', 2.9)], 'b')).toBe(1);
    expect(roundOffsetOf([branch('a', null, null), branch('b', 'a', Number.NaN)], 'b')).toBe(0);
    expect(roundOffsetOf([branch('a', null, null), branch('b', 'a', 1e300)], 'b')).toBe(999_999_999);
    const missing = [branch('a', null, null), { runId: 'b', name: 'b', parentRunId: 'a' } as unknown as BranchInfo];
    expect(roundOffsetOf(missing, 'b')).toBe(0);
  });
});

describe('inheritedRoundsOf', () => {
  it('names the parent and how many rounds came from it', () => {
    const branches = [branch('a', null, null, 'Original'), branch('b', 'a', 5, 'Second try')];
    expect(inheritedRoundsOf(branches, 'b')).toEqual({ count: 4, parentRunId: 'a', parentName: 'Original' });
    expect(inheritedRoundsOf(branches, 'a')).toBeNull();
    expect(inheritedRoundsOf([branch('a', null, null), branch('b', 'a', 1)], 'b')).toBeNull();
  });
});
