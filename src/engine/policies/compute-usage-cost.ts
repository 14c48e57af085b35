// Pure: the cost of token usage at a price, for the cost budget. No I/O.
import type { Usage } from '../model/model';
import type { ModelPrice } from '../model/model-capabilities';

/**
 * US dollars for `usage` at `price` (per million tokens); cache writes and reads fall back to the input
 * price when the price has none. The same arithmetic as the UI's cost display, so the budget and the
 * figure shown agree.
 */
export function computeUsageCost(usage: Usage, price: ModelPrice): number {
  const perToken = (perMillion: number): number => perMillion / 1_000_000;
  return (
    usage.inputTokens * perToken(price.input) +
    usage.outputTokens * perToken(price.output) +
    (usage.cacheCreationInputTokens ?? 0) * perToken(price.cacheWrite ?? price.input) +
    (usage.cacheReadInputTokens ?? 0) * perToken(price.cacheRead ?? price.input) +
    ((usage.serverToolRequests?.['web_search_requests'] ?? 0) * (price.webSearch ?? 0)) / 1_000
  );
}

/** Every token of `usage`: input, output and cache writes and reads. */
export function totalTokens(usage: Usage): number {
  return (
    usage.inputTokens + usage.outputTokens + (usage.cacheCreationInputTokens ?? 0) + (usage.cacheReadInputTokens ?? 0)
  );
}
