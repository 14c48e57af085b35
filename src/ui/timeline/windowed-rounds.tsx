// Long timelines stay cheap: only the last rounds are mounted, and mounted rounds off screen skip layout and paint.
import { useState } from 'react';
import type { RoundView } from '../../store/run-view';
import { ErrorBoundary } from '../common/error-boundary';
import { RoundCard } from './round-card';
import { RoundCardFallback } from './round-card-fallback';

/** Rounds mounted at first, counted from the newest (the ones a running loop is adding to). */
export const RECENT_ROUNDS = 30;
/** Earlier rounds revealed per press of "Show N earlier rounds". */
export const EARLIER_PAGE = 30;

/** The index of the first mounted round when `revealed` earlier rounds were asked for on top of the recent ones. */
export function firstShownRound(total: number, revealed: number): number {
  return Math.max(0, total - RECENT_ROUNDS - revealed);
}

/**
 * The rounds of one run, newest {@link RECENT_ROUNDS} mounted and earlier ones revealed a page at a time.
 * Keyed by run in the parent, so a new run starts windowed again.
 */
export function WindowedRounds({ rounds }: { rounds: readonly RoundView[] }) {
  const [revealed, setRevealed] = useState(0);
  const first = firstShownRound(rounds.length, revealed);
  const next = Math.min(EARLIER_PAGE, first);
  return (
    <>
      {first > 0 && (
        <div className="flex items-center justify-center gap-3 rounded-lg border border-dashed border-zinc-300 px-4 py-3 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          <span>
            {first} earlier {first === 1 ? 'round is' : 'rounds are'} hidden to keep the page fast.
          </span>
          <button
            type="button"
            onClick={() => setRevealed((count) => count + next)}
            className="rounded-md border border-zinc-300 px-2.5 py-1 font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
          >
            Show {next} earlier {next === 1 ? 'round' : 'rounds'}
          </button>
        </div>
      )}
      {rounds.slice(first).map((round) => (
        // content-visibility lets the browser skip layout and paint of cards off screen; the intrinsic size
        // ("auto" remembers a card's last rendered height) keeps the scrollbar honest meanwhile.
        <div key={round.round} className="[contain-intrinsic-size:auto_220px] [content-visibility:auto]">
          <ErrorBoundary
            label={`Round ${round.round}`}
            fallback={(failure) => <RoundCardFallback round={round} failure={failure} />}
          >
            <RoundCard round={round} />
          </ErrorBoundary>
        </div>
      ))}
    </>
  );
}
