// A round's cache traffic, cost and context-window use, beside its token counts.
import type { ProviderKind } from '../../protocol/settings';
import { resolveCapabilities, resolvePriceTable } from '../../store/capabilities/resolve-model-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { promptTokens } from '../../store/pricing/compute-cost';
import { computeRoundCost, roundModelId } from '../../store/pricing/compute-run-cost';
import { runPriceTable } from '../../store/pricing/run-price-table';
import type { RoundView } from '../../store/run-view';
import { formatTokens } from '../common/format';
import { formatUsd, formatWindow } from '../common/format-cost';
import { describeServerToolRequests } from './api-blocks/read-api-block';

const knownProviders: readonly string[] = ['anthropic', 'openai-compatible'];

function Fact({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <span className="whitespace-nowrap" title={title}>
      <span className="text-zinc-600 dark:text-zinc-400">{label} </span>
      <span className="font-mono text-zinc-700 dark:text-zinc-300">{value}</span>
    </span>
  );
}

export function RoundUsageFacts({ round }: { round: RoundView }) {
  const prices = useLoupeStore((state) => state.settings.prices);
  const recorded = useLoupeStore((state) => state.runView.price);
  const capabilities = useLoupeStore((state) => state.settings.capabilities);
  const usage = round.usage;
  if (usage === undefined) return null;
  const cost = computeRoundCost(round, runPriceTable(resolvePriceTable({ prices }), recorded, [round]));
  const provider = round.request?.provider ?? '';
  const window = knownProviders.includes(provider)
    ? resolveCapabilities({ capabilities }, provider as ProviderKind, roundModelId(round)).contextWindow
    : undefined;
  const prompt = promptTokens(usage);
  const cacheWrite = usage.cacheCreationInputTokens ?? 0;
  const cacheRead = usage.cacheReadInputTokens ?? 0;
  const serverTools = describeServerToolRequests(usage.serverToolRequests);
  return (
    <>
      {(cacheWrite > 0 || cacheRead > 0) && (
        <Fact
          label="cache"
          value={`${formatTokens(cacheWrite)} write / ${formatTokens(cacheRead)} read`}
          title="Prompt-cache tokens written and read in this call"
        />
      )}
      {serverTools !== undefined && (
        <Fact label="server tools" value={serverTools} title="Requests the API's own tools made in this call" />
      )}
      {cost !== undefined && <Fact label="cost" value={formatUsd(cost)} />}
      {window !== undefined && prompt > 0 && (
        <Fact
          label="context"
          value={`${Math.min(999, Math.round((prompt / window) * 100))}% of ${formatWindow(window)}`}
          title={`${formatTokens(prompt)} prompt tokens of a ${formatTokens(window)}-token context window`}
        />
      )}
    </>
  );
}
