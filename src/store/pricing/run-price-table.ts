// Pure: the price table a run's cost is shown with — the price the run recorded wins over today's table.
import type { ModelPrice } from '../../engine/model/model-capabilities';
import type { RoundView } from '../run-view';
import { setOwn } from '../../shared/own-keys';
import { roundModelId } from './compute-run-cost';

/**
 * `table` with the run's recorded price (from its `run-start`, or an imported transcript's `settings.price`)
 * set for each model its rounds asked for, so an imported run costs what it cost then, not at today's prices.
 * A run that recorded no price (the demo model, older transcripts) is priced from `table`.
 */
export function runPriceTable(
  table: Readonly<Record<string, ModelPrice>>,
  recorded: ModelPrice | undefined,
  rounds: readonly Pick<RoundView, 'request' | 'model'>[],
): Readonly<Record<string, ModelPrice>> {
  if (recorded === undefined) return table;
  const overlay: Record<string, ModelPrice> = { ...table };
  for (const round of rounds) {
    const model = roundModelId(round);
    if (model !== '') setOwn(overlay, model, recorded);
  }
  return overlay;
}
