import { describe, expect, it } from 'vitest';
import type { ModelPrice } from '../model/model-capabilities';
import type { LoopContext } from './loop-context';
import { progressOf } from './round-progress';

const contextWith = (price?: ModelPrice): LoopContext =>
  ({
    state: { round: 3, startedAt: 100, usage: { inputTokens: 1, outputTokens: 2 } },
    maxRounds: 10,
    policyState: { toolCalls: 4 },
    options: { environment: { now: () => 150 }, ...(price === undefined ? {} : { price }) },
  }) as unknown as LoopContext;

describe('progressOf', () => {
  it('reads the run as the budgets see it, with the price last and only when the run has one', () => {
    const usage = { inputTokens: 1, outputTokens: 2 };
    expect(progressOf(contextWith())).toEqual({
      round: 3,
      maxRounds: 10,
      toolCalls: 4,
      startedAt: 100,
      now: 150,
      usage,
    });
    expect('price' in progressOf(contextWith())).toBe(false);
    const price: ModelPrice = { input: 3, output: 15 };
    expect(Object.keys(progressOf(contextWith(price))).at(-1)).toBe('price');
    expect(progressOf(contextWith(price)).price).toBe(price);
  });
});
