// Pure: the cost of token usage at a price.
import type { Usage } from '../../engine/model/model';
import type { ModelPrice } from '../../engine/model/model-capabilities';

/**
 * US dollars for `usage` at `price` (per million tokens). Input, output, cache writes and cache reads are
 * each priced once: providers report them apart (OpenAI's cached tokens are moved out of input by its
 * adapter). A cache price the table lacks falls back to the input price.
 */
export function computeCost(usage: Usage, price: ModelPrice): number {
  const perToken = (perMillion: number) => perMillion / 1_000_000;
  return (
    usage.inputTokens * perToken(price.input) +
    usage.outputTokens * perToken(price.output) +
    (usage.cacheCreationInputTokens ?? 0) * perToken(price.cacheWrite ?? price.input) +
    (usage.cacheReadInputTokens ?? 0) * perToken(price.cacheRead ?? price.input) +
    ((usage.serverToolRequests?.['web_search_requests'] ?? 0) * (price.webSearch ?? 0)) / 1_000
  );
}

/** Tokens the request put in front of the model: input plus cache writes and reads. */
export function promptTokens(usage: Usage): number {
  return usage.inputTokens + (usage.cacheCreationInputTokens ?? 0) + (usage.cacheReadInputTokens ?? 0);
}
