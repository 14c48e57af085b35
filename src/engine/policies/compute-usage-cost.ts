// Pure: the cost of token usage at a price, for the cost budget. No I/O.
import type { Usage } from '../model/model';

/** US dollars for `usage` at `price`: the same arithmetic as the page's cost figures (shared/), so they agree. */
export { computeUsageCost } from '../../shared/compute-usage-cost';

/** Every token of `usage`: input, output and cache writes and reads. */
export function totalTokens(usage: Usage): number {
  return (
    usage.inputTokens + usage.outputTokens + (usage.cacheCreationInputTokens ?? 0) + (usage.cacheReadInputTokens ?? 0)
  );
}
