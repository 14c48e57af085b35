// Tokens, cost, time and tool calls of two runs side by side: per compared round and in total.
import type { RoundMetrics, RunTotals } from '../../engine/transcript/diff-transcripts';
import { formatDuration, formatTokens } from '../common/format';
import { formatUsd } from '../common/format-cost';

type Metrics = Omit<RoundMetrics, 'modelMs'> & { modelMs?: number };

const rows: { label: string; value: (metrics: Metrics) => string }[] = [
  { label: 'input tokens', value: (m) => formatTokens(m.inputTokens) },
  { label: 'output tokens', value: (m) => formatTokens(m.outputTokens) },
  {
    label: 'cache read / write',
    value: (m) => `${formatTokens(m.cacheReadInputTokens)} / ${formatTokens(m.cacheCreationInputTokens)}`,
  },
  { label: 'cost', value: (m) => (m.costUsd === undefined ? 'no price' : formatUsd(m.costUsd)) },
  { label: 'model time', value: (m) => formatDuration(m.modelMs) },
  { label: 'first token', value: (m) => formatDuration(m.timeToFirstTokenMs) },
  { label: 'tool time', value: (m) => formatDuration(m.toolMs) },
  { label: 'tool calls', value: (m) => String(m.toolCalls) },
  // The MCP connector's and server tools' calls, which the API runs inside a reply (no tool call of Loupe's).
  { label: 'calls run by the API', value: (m) => String(m.apiToolCalls) },
];

/** A small table: one row per measure, left and right, and the change. */
export function CompareMetrics({
  label,
  left,
  right,
  totals,
}: {
  label: string;
  left: Metrics | null;
  right: Metrics | null;
  /** Totals also show how many rounds each side had. */
  totals?: { left: RunTotals; right: RunTotals };
}) {
  const shown = rows.filter((row) => !(totals && row.label === 'first token'));
  return (
    <table aria-label={label} className="w-full text-xs">
      <tbody>
        {totals && (
          <tr>
            <th scope="row" className="pr-2 text-left font-normal text-zinc-600 dark:text-zinc-400">
              rounds
            </th>
            <td className="font-mono">{totals.left.rounds}</td>
            <td className="font-mono">{totals.right.rounds}</td>
          </tr>
        )}
        {shown.map((row) => {
          const a = left === null ? '—' : row.value(left);
          const b = right === null ? '—' : row.value(right);
          return (
            <tr key={row.label} className={a === b ? '' : 'bg-sky-50 dark:bg-sky-500/10'}>
              <th scope="row" className="pr-2 text-left font-normal text-zinc-600 dark:text-zinc-400">
                {row.label}
              </th>
              <td className="font-mono">{a}</td>
              <td className="font-mono">{b}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
