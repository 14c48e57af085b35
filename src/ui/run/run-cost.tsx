// The run's cost in the run status: summed over its priced rounds; nothing when no round has a price.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { resolvePriceTable } from '../../store/capabilities/resolve-model-settings';
import { computeRunCost } from '../../store/pricing/compute-run-cost';
import { formatUsd } from '../common/format-cost';

export function RunCost() {
  const rounds = useLoupeStore((state) => state.runView.rounds);
  const prices = useLoupeStore((state) => state.settings.prices);
  const cost = computeRunCost(rounds, resolvePriceTable({ prices }));
  if (cost.pricedRounds === 0) return null;
  const partial = cost.unpricedRounds > 0;
  return (
    <span
      className="font-mono text-zinc-700 dark:text-zinc-300"
      title={
        partial
          ? `${cost.unpricedRounds} round(s) have no price and are not counted.`
          : 'From the price table in Settings.'
      }
    >
      {partial ? '≥ ' : ''}
      {formatUsd(cost.total)}
    </span>
  );
}
