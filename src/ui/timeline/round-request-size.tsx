// A round's request size per part, as the pause editor estimates it (≈ system · tools · history), read from the
// exact request the round sent: no count_tokens call, nothing for a round that sent no HTTP request.
import { CHARS_PER_TOKEN } from '../../shared/estimate-tokens';
import { estimateRoundRequest } from '../../store/estimate-round-request';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { formatTokens as format } from '../common/format';

export function RoundRequestSize({ round, shown }: { round: number; shown: number }) {
  // A string, so the card re-renders only when the figure changes (the estimate is cached per request). The
  // selector runs on every store update (ten a second while a reply streams): one shared formatter, as
  // `toLocaleString` builds a new one per call and was the main thread's costliest function in a stream.
  const parts = useLoupeStore((state) => {
    const estimate = estimateRoundRequest(state.runView.rounds, round);
    return estimate === undefined
      ? undefined
      : `system ${format(estimate.system)} · tools ${format(estimate.tools)} · history ${format(estimate.history)}`;
  });
  if (parts === undefined) return null;
  return (
    // Wraps at its spaces on a narrow screen (as one line it ran past a 390 px card's edge).
    <span
      className="max-w-full min-w-0"
      title={`Estimated from the request this round sent, at about ${CHARS_PER_TOKEN} characters a token (as the pause editor estimates); not a count`}
    >
      <span className="text-zinc-600 dark:text-zinc-400">request </span>
      <span
        aria-label={`Request size estimate of round ${shown}`}
        className="font-mono text-zinc-700 dark:text-zinc-300"
      >
        ≈ {parts} tokens
      </span>
    </span>
  );
}
