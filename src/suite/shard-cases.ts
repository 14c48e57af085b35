// `--shard i/n`: which cases one machine of n runs. Pure.
import type { TestCase } from './test-suite';

/** One machine's part: the `index`-th (from 1) of `total`. */
export interface Shard {
  index: number;
  total: number;
}

/** Reads `i/n` (1 ≤ i ≤ n ≤ 1000), or a sentence saying what is wrong. */
export function parseShard(text: string | undefined): Shard | string {
  const match = /^(\d+)\/(\d+)$/.exec(text ?? '');
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (match === null || index < 1 || total < 1 || total > 1000 || index > total)
    return '--shard takes i/n with 1 ≤ i ≤ n (e.g. --shard 1/3).';
  return { index, total };
}

/**
 * The cases of shard `index` of `total`: a contiguous slice of the suite in file order, the slices' sizes
 * differing by at most one. It depends only on the file, so every machine of a CI matrix computes the same
 * split, and the shards together hold each case exactly once (a shard may be empty when n exceeds the cases).
 */
export function shardCases<T extends Pick<TestCase, 'id'>>(cases: readonly T[], shard: Shard): T[] {
  const start = Math.floor(((shard.index - 1) * cases.length) / shard.total);
  const end = Math.floor((shard.index * cases.length) / shard.total);
  return cases.slice(start, end);
}
