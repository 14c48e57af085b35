import { describe, expect, it } from 'vitest';
import type { RoundView } from '../run-view';
import { computeRunCost } from './compute-run-cost';
import { runPriceTable } from './run-price-table';

const today = { 'claude-sonnet-4-5': { input: 3, output: 15 } };
const round = (model: string): RoundView =>
  ({
    round: 1,
    request: { provider: 'anthropic', model, toolNames: [], messageCount: 1, maxTokens: 10 },
    usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 },
  }) as unknown as RoundView;

describe('runPriceTable', () => {
  it("prices a run at the price it recorded, not today's table", () => {
    const rounds = [round('claude-sonnet-4-5-20250929'), round('claude-sonnet-4-5-20250929')];
    expect(computeRunCost(rounds, runPriceTable(today, undefined, rounds)).total).toBe(36);
    expect(computeRunCost(rounds, runPriceTable(today, { input: 1, output: 2 }, rounds)).total).toBe(6);
  });

  it("prices a model today's table does not know when the run recorded its price", () => {
    const rounds = [round('local-llama')];
    expect(computeRunCost(rounds, runPriceTable(today, undefined, rounds)).pricedRounds).toBe(0);
    expect(computeRunCost(rounds, runPriceTable(today, { input: 0, output: 0 }, rounds))).toEqual({
      total: 0,
      pricedRounds: 1,
      unpricedRounds: 0,
    });
  });

  it('prices models named after Object.prototype members as unknown, or at their recorded price', () => {
    for (const model of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const rounds = [round(model)];
      expect(computeRunCost(rounds, runPriceTable(today, undefined, rounds)).pricedRounds).toBe(0);
      const table = runPriceTable(today, { input: 1, output: 1 }, rounds);
      expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
      expect(Object.hasOwn(table, model)).toBe(true);
      expect(computeRunCost(rounds, table).total).toBe(2);
    }
  });
});
