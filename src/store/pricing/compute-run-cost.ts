// Pure: the cost of a run's rounds from the price table, round by round.
import type { ModelPrice } from '../../engine/model/model-capabilities';
import type { RoundView } from '../run-view';
import { computeCost } from './compute-cost';
import { findModelPrice } from './find-model-price';

/** A round's model id as configured (the request's), else as the response named it. */
export function roundModelId(round: Pick<RoundView, 'request' | 'model'>): string {
  return round.request?.model ?? round.model ?? '';
}

/** The cost of one round, or undefined when it has no usage yet or its model has no price. */
export function computeRoundCost(round: RoundView, table: Readonly<Record<string, ModelPrice>>): number | undefined {
  if (round.usage === undefined) return undefined;
  const price = findModelPrice(table, roundModelId(round));
  return price === undefined ? undefined : computeCost(round.usage, price);
}

export interface RunCost {
  /** Sum over the priced rounds, in US dollars. */
  total: number;
  pricedRounds: number;
  /** Rounds with usage but no price: their tokens are not in `total`. */
  unpricedRounds: number;
}

/** The run's cost so far. */
export function computeRunCost(rounds: readonly RoundView[], table: Readonly<Record<string, ModelPrice>>): RunCost {
  let total = 0;
  let pricedRounds = 0;
  let unpricedRounds = 0;
  // A run has a model or two: each is looked up once, not once per round (a table search for a model
  // without a price, 2,000 times, was 10 ms of showing an imported run).
  const prices = new Map<string, ModelPrice | undefined>();
  const priceOf = (modelId: string): ModelPrice | undefined => {
    if (!prices.has(modelId)) prices.set(modelId, findModelPrice(table, modelId));
    return prices.get(modelId);
  };
  for (const round of rounds) {
    if (round.usage === undefined) continue;
    const price = priceOf(roundModelId(round));
    if (price === undefined) unpricedRounds += 1;
    else {
      total += computeCost(round.usage, price);
      pricedRounds += 1;
    }
  }
  return { total, pricedRounds, unpricedRounds };
}
