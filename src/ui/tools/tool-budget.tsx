// The tool list's cost and the provider's limits: tokens per tool (sorted) and in all, and what would be refused.
import { useState } from 'react';
import { estimateToolTokens } from '../../shared/estimate-tokens';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import { checkToolLimits } from '../../store/tools/check-tool-limits';
import type { ToolGroup } from '../../store/tools/collect-tool-rows';
import { ToolSearchOffer } from './tool-search-offer';
import { ToolLimitFixes } from './tool-limit-fixes';

const formatTokens = (tokens: number): string => `~${tokens.toLocaleString('en-US')}`;
const warningClass =
  'rounded-md bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200 space-y-1';

/** The budget of the tools the next run sends, and one-click fixes for what the provider would refuse. */
export function ToolBudget({ groups }: { groups: readonly ToolGroup[] }) {
  const provider = useLoupeStore((state) => state.settings.provider);
  const [showAll, setShowAll] = useState(false);
  const rows = groups.flatMap((group) => group.rows);
  const sent = rows
    .filter((row) => row.enabled)
    .map((row) => ({ row, tokens: estimateToolTokens(row.shown) }))
    .sort((left, right) => right.tokens - left.tokens || left.row.shown.name.localeCompare(right.row.shown.name));
  const total = sent.reduce((sum, entry) => sum + entry.tokens, 0);
  const problems = checkToolLimits(provider, rows);
  if (rows.length === 0) return null;
  const listed = showAll ? sent : sent.slice(0, 10);

  return (
    <div className="mb-2 space-y-2">
      {problems.length > 0 && (
        <div role="status" aria-label="Provider limits" className={warningClass}>
          <ToolLimitFixes problems={problems} />
        </div>
      )}
      <ToolSearchOffer tools={sent.length} tokens={total} />
      <details className="rounded-md border border-zinc-200 px-2 py-1.5 text-xs dark:border-zinc-800">
        <summary className="cursor-pointer text-zinc-700 select-none dark:text-zinc-300">
          Tool budget: {sent.length} tools, {formatTokens(total)} tokens per request
        </summary>
        <p className="mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">
          Estimated at 4 characters a token (name, description and schema); every request sends them all.
        </p>
        <ol aria-label="Tokens per tool" className="mt-1 space-y-0.5">
          {listed.map(({ row, tokens }) => (
            <li key={row.key} className="flex justify-between gap-2 font-mono text-[11px]">
              <span className="truncate">{row.shown.name}</span>
              <span className="shrink-0 text-zinc-600 dark:text-zinc-400">{formatTokens(tokens)}</span>
            </li>
          ))}
        </ol>
        {sent.length > listed.length && (
          <button type="button" className={`${smallButtonClass} mt-1`} onClick={() => setShowAll(true)}>
            Show all {sent.length}
          </button>
        )}
      </details>
    </div>
  );
}
