import { describe, expect, it } from 'vitest';
import { findTailStart } from './find-tail-start';

/** A log of `rounds` rounds, each a policy act of its round, its start and a delta. */
const log = (rounds: number) => [
  { type: 'run-start' },
  ...Array.from({ length: rounds }, (_, index) => [
    { type: 'policy-act', round: index + 1 },
    { type: 'round-start', round: index + 1 },
    { type: 'delta', round: index + 1 },
  ]).flat(),
];

describe('findTailStart', () => {
  it("starts the last rounds at their first round's events before its start", () => {
    expect(findTailStart(log(12), 10)).toBe(1 + 2 * 3);
  });

  it('is none for a log of no more rounds than the tail', () => {
    expect(findTailStart(log(10), 10)).toBeUndefined();
    expect(findTailStart(log(0), 10)).toBeUndefined();
  });

  it('is none for a log of no more than `longerThan` rounds, and the same tail for a longer one', () => {
    expect(findTailStart(log(30), 10, 30)).toBeUndefined();
    expect(findTailStart(log(31), 10, 30)).toBe(1 + 21 * 3);
    expect(findTailStart(log(500), 10, 30)).toBe(findTailStart(log(500), 10));
  });

  it('never walks back past the round start before the tail, even one of the same round', () => {
    const events = [{ type: 'round-start', round: 1 }, ...log(3).slice(1)];
    expect(findTailStart(events, 3)).toBe(1);
  });
});
