// A round whose card failed to render: still an article named "Round N", with the reply's raw text (as text)
// and why the card failed, and a way to try again. Reads the round defensively: its data may be what broke it.
import type { RoundView } from '../../store/run-view';
import type { RenderFailure } from '../common/error-boundary';

/** The most of a round's raw text shown here (the card's own limits are what failed). */
const MAX_RAW_CHARS = 200_000;

/** The round's reply as plain text: its text and thinking blocks, then its tool calls by name; never throws. */
export function roundPlainText(round: RoundView): string {
  try {
    const parts: string[] = [];
    for (const block of Array.isArray(round.blocks) ? (round.blocks as unknown[]) : []) {
      const { kind, text, name } = (block ?? {}) as { kind?: unknown; text?: unknown; name?: unknown };
      if (kind === 'tool_use') parts.push(`[tool call: ${String(name)}]`);
      else if (text !== undefined) parts.push(typeof text === 'string' ? text : JSON.stringify(text));
    }
    const text = parts.join('\n\n');
    return text.length > MAX_RAW_CHARS
      ? `${text.slice(0, MAX_RAW_CHARS)}\n… (cut at ${MAX_RAW_CHARS} characters)`
      : text;
  } catch (error) {
    return `(the round's text could not be read: ${error instanceof Error ? error.message : String(error)})`;
  }
}

export function RoundCardFallback({
  round,
  failure,
  offset = 0,
}: {
  round: RoundView;
  failure: RenderFailure;
  /** Rounds a fork inherited: its cards keep the original run's numbers. */
  offset?: number;
}) {
  const number = typeof round.round === 'number' ? round.round + offset : '?';
  return (
    <article
      aria-label={`Round ${number}`}
      className="overflow-hidden rounded-lg border border-red-200 bg-white px-4 py-3 text-sm shadow-xs dark:border-red-900 dark:bg-zinc-900/60"
    >
      <div role="alert" className="flex flex-wrap items-baseline gap-2 text-red-800 dark:text-red-200">
        <span>
          <span className="font-medium">Round {number} could not be shown</span>:{' '}
          {failure.error.message || failure.error.name}. Its raw text follows.
        </span>
        <button
          type="button"
          onClick={failure.retry}
          className="rounded-md border border-red-300 px-2 py-0.5 text-xs font-medium hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-red-800 dark:hover:bg-red-900/40"
        >
          Try again
        </button>
      </div>
      <pre className="mt-2 max-h-96 overflow-auto font-mono text-xs whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-200">
        {roundPlainText(round)}
      </pre>
    </article>
  );
}
