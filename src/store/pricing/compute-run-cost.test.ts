import { describe, expect, it } from 'vitest';
import type { RoundView } from '../run-view';
import { computeRunCost } from './compute-run-cost';

const round = (model: string, inputTokens: number): RoundView =>
  ({ round: 1, request: { model }, usage: { inputTokens, outputTokens: 0 } }) as unknown as RoundView;

describe('computeRunCost', () => {
  it('prices each round at its own model, and counts the rounds no price covers', () => {
    const table = { cheap: { input: 1, output: 1 }, dear: { input: 10, output: 10 } };
    const rounds = [
      round('cheap', 1_000_000),
      round('dear-2026-01-01', 1_000_000),
      round('cheap', 2_000_000),
      round('llama3.2:3b', 5_000_000),
      round('dear', 1_000_000),
    ];
    expect(computeRunCost(rounds, table)).toEqual({ total: 1 + 10 + 2 + 10, pricedRounds: 4, unpricedRounds: 1 });
  });

  it('leaves rounds without usage out', () => {
    const pending = { round: 2, request: { model: 'cheap' } } as unknown as RoundView;
    expect(computeRunCost([pending], { cheap: { input: 1, output: 1 } })).toEqual({
      total: 0,
      pricedRounds: 0,
      unpricedRounds: 0,
    });
  });
});
