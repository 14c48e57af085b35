import { describe, expect, it } from 'vitest';
import { computeCost, promptTokens } from './compute-cost';
import { defaultPriceTable } from './default-price-table';
import { findModelPrice } from './find-model-price';
import { computeUsageCost } from '../../engine/policies/compute-usage-cost';

describe('computeCost', () => {
  it('prices input, output, cache writes and cache reads once each', () => {
    // Sonnet 4.5: $3 in, $15 out, $3.75 cache write, $0.30 cache read per million tokens.
    const price = defaultPriceTable['claude-sonnet-4-5']!;
    const usage = {
      inputTokens: 1_000,
      outputTokens: 500,
      cacheCreationInputTokens: 2_000,
      cacheReadInputTokens: 10_000,
    };
    // 1000·3 + 500·15 + 2000·3.75 + 10000·0.30 = 3000 + 7500 + 7500 + 3000 = 21000 → $0.021
    expect(computeCost(usage, price)).toBeCloseTo(0.021, 10);
    expect(promptTokens(usage)).toBe(13_000);
  });

  it('falls back to the input price for a cache price the table lacks', () => {
    expect(
      computeCost({ inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 1_000_000 }, { input: 2, output: 8 }),
    ).toBe(2);
  });
});

describe('findModelPrice', () => {
  it('finds exact ids, dated ids, router ids, and nothing for unknown models', () => {
    expect(findModelPrice(defaultPriceTable, 'gpt-4o-mini')).toEqual({ input: 0.15, output: 0.6, cacheRead: 0.075 });
    expect(findModelPrice(defaultPriceTable, 'gpt-4o-2024-08-06')).toBe(defaultPriceTable['gpt-4o']);
    expect(findModelPrice(defaultPriceTable, 'claude-sonnet-4-5-20250929')).toBe(
      defaultPriceTable['claude-sonnet-4-5'],
    );
    expect(findModelPrice(defaultPriceTable, 'openai/gpt-4.1-mini')).toBe(defaultPriceTable['gpt-4.1-mini']);
    expect(findModelPrice(defaultPriceTable, 'llama3.2:3b')).toBeUndefined();
    expect(findModelPrice(defaultPriceTable, 'gpt-4')).toBeUndefined();
  });

  it('has a price for every current Claude model the app offers', () => {
    for (const id of [
      'claude-sonnet-5-5',
      'claude-opus-5-5',
      'claude-haiku-5-5',
      'claude-opus-4-8',
      'claude-sonnet-4-6',
      'claude-haiku-4-5',
    ]) {
      expect(findModelPrice(defaultPriceTable, id), id).toBeDefined();
    }
  });
});

describe('computeCost of the API’s own tools', () => {
  it('adds web searches at the table’s price per 1,000, the same in the engine’s budget', () => {
    const price = defaultPriceTable['claude-sonnet-4-5']!;
    const usage = {
      inputTokens: 0,
      outputTokens: 0,
      serverToolRequests: { web_search_requests: 3, web_fetch_requests: 5 },
    };
    expect(computeCost(usage, price)).toBeCloseTo(0.03, 10);
    expect(computeUsageCost(usage, price)).toBeCloseTo(0.03, 10);
    expect(computeCost(usage, { input: 1, output: 1 })).toBe(0);
  });
});
