// Two runs side by side, round by round; differing fields are marked.
import type { RunsCompareResult } from '../../protocol/session-messages';

export function ComparisonTable({ result, left, right }: { result: RunsCompareResult; left: string; right: string }) {
  const differing = result.differingRounds;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        {differing.length === 0
          ? 'No differences: every round asked, answered, called and returned the same.'
          : `Differences in round${differing.length === 1 ? '' : 's'} ${differing.join(', ')}.`}
        {result.finishReason.differs && ` Ending: ${result.finishReason.left} → ${result.finishReason.right}.`}
      </p>
      {result.rounds.map((round) => (
        <section
          key={round.round}
          aria-label={`Compared round ${round.round}`}
          className={`rounded-md border ${round.differs ? 'border-amber-400 dark:border-amber-500/60' : 'border-zinc-200 dark:border-zinc-800'}`}
        >
          <h3 className="border-b border-inherit px-3 py-1.5 text-xs font-semibold">
            Round {round.round} {round.differs ? '— differs' : '— same'}
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
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function Row({
  field,
  left,
  right,
  differs,
}: {
  field: string;
  left: string | null;
  right: string | null;
  differs: boolean;
}) {
  const cell = `max-h-40 overflow-auto whitespace-pre-wrap break-words rounded px-1 py-0.5 font-mono ${differs ? 'bg-amber-100 dark:bg-amber-500/15' : ''}`;
  return (
    <>
      <span className="py-0.5 break-words text-zinc-600 dark:text-zinc-400">
        {field}
        {differs && <span className="sr-only"> (differs)</span>}
      </span>
      <span className={cell}>{left ?? '—'}</span>
      <span className={cell}>{right ?? '—'}</span>
    </>
  );
}
