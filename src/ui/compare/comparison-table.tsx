// Two runs side by side, aligned by shared history; the first divergence, differing fields and measures marked.
import type { RunsCompareResult } from '../../protocol/session-messages';
import { CompareMetrics } from './compare-metrics';

/** Rounds each side inherited from the runs it was forked from: both sides show their original numbers. */
export interface CompareOffsets {
  left: number;
  right: number;
}

/** The result with each side's round numbers as its timeline shows them (a fork's first round is its fork round). */
function shiftRounds(result: RunsCompareResult, offsets: CompareOffsets): RunsCompareResult {
  if (offsets.left === 0 && offsets.right === 0) return result;
  const shift = (round: number | null, by: number) => (round === null ? null : round + by);
  const pair = <T extends { leftRound: number | null; rightRound: number | null }>(entry: T): T => ({
    ...entry,
    leftRound: shift(entry.leftRound, offsets.left),
    rightRound: shift(entry.rightRound, offsets.right),
  });
  return {
    ...result,
    rounds: result.rounds.map(pair),
    firstDivergence: result.firstDivergence === null ? null : pair(result.firstDivergence),
  };
}

export function ComparisonTable({
  result: unshifted,
  left,
  right,
  offsets = { left: 0, right: 0 },
}: {
  result: RunsCompareResult;
  left: string;
  right: string;
  offsets?: CompareOffsets;
}) {
  const result = shiftRounds(unshifted, offsets);
  const before = result.before;
  const beforeFirst = before === null ? 1 : 1 + (before.side === 'left' ? offsets.left : offsets.right);
  const beforeLast = before === null ? 0 : beforeFirst + before.rounds - 1;
  return (
    <div className="space-y-3">
      <p role="status" aria-label="Comparison summary" className="text-sm">
        {describeDivergence(result, left, right)}
        {result.finishReason.differs && ` Ending: ${result.finishReason.left} → ${result.finishReason.right}.`}
      </p>
      {before !== null && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {before.side === 'left' ? left : right}: round{before.rounds === 1 ? '' : 's'} {beforeFirst}
          {before.rounds === 1 ? '' : `–${beforeLast}`} came before the shared point and{' '}
          {before.rounds === 1 ? 'is' : 'are'} not compared.
        </p>
      )}
      <section
        aria-label="Compared totals"
        className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800"
      >
        <h3 className="mb-1 text-xs font-semibold">Totals over the compared rounds</h3>
        <CompareMetrics
          label="Totals side by side"
          left={result.totals.left}
          right={result.totals.right}
          totals={result.totals}
        />
      </section>
      {result.rounds.map((round) => (
        <section
          key={round.round}
          aria-label={`Compared round ${round.round}`}
          className={`rounded-md border ${round.differs ? 'border-amber-400 dark:border-amber-500/60' : 'border-zinc-200 dark:border-zinc-800'}`}
        >
          <h3 className="border-b border-inherit px-3 py-1.5 text-xs font-semibold">
            {roundTitle(round.leftRound, round.rightRound)} {round.differs ? '— differs' : '— same'}
            {result.firstDivergence?.round === round.round && ' (first divergence)'}
          </h3>
          <div className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)_minmax(0,1fr)] gap-x-2 px-3 py-2 text-xs">
            <span className="font-medium text-zinc-600 dark:text-zinc-400">field</span>
            <span className="truncate font-medium text-zinc-600 dark:text-zinc-400">{left}</span>
            <span className="truncate font-medium text-zinc-600 dark:text-zinc-400">{right}</span>
            {round.fields.map((field) => (
              <Row
                key={field.field}
                field={field.field}
                left={field.left}
                right={field.right}
                differs={field.differs}
                counts={field.counts}
              />
            ))}
          </div>
          <details className="px-3 pb-2 text-xs">
            <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400 select-none">
              Tokens, cost and time
            </summary>
            <CompareMetrics
              label={`Measures of compared round ${round.round}`}
              left={round.metrics.left}
              right={round.metrics.right}
            />
          </details>
        </section>
      ))}
    </div>
  );
}

function roundTitle(leftRound: number | null, rightRound: number | null): string {
  if (leftRound === rightRound) return `Round ${leftRound ?? ''}`;
  return `Round ${leftRound ?? '—'} ↔ ${rightRound ?? '—'}`;
}

/** The fields that differ without making their round differ (the model), so the summary can name them. */
function uncountedDifferences(result: RunsCompareResult): string[] {
  const fields = result.rounds.flatMap((round) =>
    round.fields.filter((field) => field.differs && !field.counts).map((field) => field.field),
  );
  return [...new Set(fields)];
}

function describeDivergence(result: RunsCompareResult, left: string, right: string): string {
  const first = result.firstDivergence;
  if (first === null) {
    const shownOnly = uncountedDifferences(result);
    // The summary agrees with the rows: a field marked as differing is named here too (issue 41).
    return shownOnly.length === 0
      ? 'No differences: every compared round asked, answered, called and returned the same.'
      : `Same behaviour: every compared round asked, answered, called and returned the same; only the ${shownOnly.join(', ')} differs (marked, not counted).`;
  }
  const where =
    first.leftRound === first.rightRound
      ? `round ${first.leftRound ?? '—'}`
      : `round ${first.leftRound ?? '—'} of ${left} ↔ round ${first.rightRound ?? '—'} of ${right}`;
  const others = result.differingRounds.length - 1;
  return `First divergence: ${where}, ${first.field}.${others > 0 ? ` ${others} more compared round${others === 1 ? '' : 's'} differ.` : ''}`;
}

function Row({
  field,
  left,
  right,
  differs,
  counts,
}: {
  field: string;
  left: string | null;
  right: string | null;
  differs: boolean;
  counts: boolean;
}) {
  // Amber marks what makes a round differ; a shown-only difference (the model) is outlined, and says so.
  const mark = !differs
    ? ''
    : counts
      ? 'bg-amber-100 dark:bg-amber-500/15'
      : 'outline-1 outline-dashed outline-zinc-400';
  const cell = `max-h-40 overflow-auto whitespace-pre-wrap break-words rounded px-1 py-0.5 font-mono ${mark}`;
  return (
    <>
      <span className="py-0.5 break-words text-zinc-600 dark:text-zinc-400">
        {field}
        {differs && counts && <span className="sr-only"> (differs)</span>}
        {differs && !counts && <span className="block text-[11px]">differs, not counted</span>}
      </span>
      <span className={cell}>{left ?? '—'}</span>
      <span className={cell}>{right ?? '—'}</span>
    </>
  );
}
