// Pure: the cost of token usage at a price.
import type { Usage } from '../../engine/model/model';

/** US dollars for `usage` at `price`: the engine's cost budget uses the same arithmetic (shared/), so they agree. */
export { computeUsageCost as computeCost } from '../../shared/compute-usage-cost';

/** Tokens the request put in front of the model: input plus cache writes and reads. */
export function promptTokens(usage: Usage): number {
  return usage.inputTokens + (usage.cacheCreationInputTokens ?? 0) + (usage.cacheReadInputTokens ?? 0);
}
