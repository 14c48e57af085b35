// The run's cost in the run status: summed over its priced rounds; nothing when no round has a price.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { resolvePriceTable } from '../../store/capabilities/resolve-model-settings';
import { computeRunCost } from '../../store/pricing/compute-run-cost';
import { runPriceTable } from '../../store/pricing/run-price-table';
import { formatUsd } from '../common/format-cost';

export function RunCost() {
  const rounds = useLoupeStore((state) => state.runView.rounds);
  const recorded = useLoupeStore((state) => state.runView.price);
  const prices = useLoupeStore((state) => state.settings.prices);
  const cost = computeRunCost(rounds, runPriceTable(resolvePriceTable({ prices }), recorded, rounds));
  if (cost.pricedRounds === 0) return null;
  const partial = cost.unpricedRounds > 0;
  return (
    <span
      className="font-mono text-zinc-700 dark:text-zinc-300"
      title={
        partial
          ? `${cost.unpricedRounds} round(s) have no price and are not counted.`
          : recorded === undefined
            ? 'From the price table in Settings.'
            : 'At the price the run recorded.'
      }
    >
      {partial ? '≥ ' : ''}
      {formatUsd(cost.total)}
    </span>
  );
}
