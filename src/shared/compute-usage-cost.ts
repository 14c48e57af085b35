// Pure: the cost of token usage at a price, one arithmetic for the engine's cost budget and the page's cost
// figures, so the two always agree. Imports nothing.

/** The token counts a cost is computed from (the engine's `Usage` is one). */
export interface CostedUsage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens?: number;
  cacheReadInputTokens?: number;
  serverToolRequests?: Record<string, number>;
}

/** Prices in US dollars per million tokens, web searches per thousand (the engine's `ModelPrice` is one). */
export interface CostedPrice {
  input: number;
  output: number;
  cacheWrite?: number;
  cacheRead?: number;
  webSearch?: number;
}

/**
 * US dollars for `usage` at `price`. Input, output, cache writes and cache reads are each priced once: providers
 * report them apart (OpenAI's cached tokens are moved out of input by its adapter). A cache price the price lacks
 * falls back to the input price.
 */
export function computeUsageCost(usage: CostedUsage, price: CostedPrice): number {
  const perToken = (perMillion: number): number => perMillion / 1_000_000;
  return (
    usage.inputTokens * perToken(price.input) +
    usage.outputTokens * perToken(price.output) +
    (usage.cacheCreationInputTokens ?? 0) * perToken(price.cacheWrite ?? price.input) +
    (usage.cacheReadInputTokens ?? 0) * perToken(price.cacheRead ?? price.input) +
    ((usage.serverToolRequests?.['web_search_requests'] ?? 0) * (price.webSearch ?? 0)) / 1_000
  );
}
