// One round of the timeline: its card, or a fallback card saying what failed when rendering it throws. The card
// and all it shows (Markdown, tool calls, results, the debugger's row, exports) load as a chunk right after the
// first paint: the page starts with no run.
import type { RoundView } from '../../store/run-view';
import { ErrorBoundary } from '../common/error-boundary';
import { lazyComponent } from '../common/lazy-component';
import { preloadMarkdownParser } from '../markdown/markdown-parser';
import { RoundCardFallback } from './round-card-fallback';
import { useRoundOffset } from './use-round-offset';

const RoundCard = lazyComponent(() => import('./round-card'), 'RoundCard');

/**
 * Starts loading the round card's chunk (once); a failure shows in the first card, as its fallback. The
 * Markdown parser follows when the page is idle, so a run's first reply does not wait for it.
 */
export function preloadRoundCard(): void {
  RoundCard.preload().then(preloadMarkdownParser, () => undefined);
}

export function Round({ round }: { round: RoundView }) {
  const offset = useRoundOffset();
  return (
    <ErrorBoundary
      label={`Round ${round.round + offset}`}
      fallback={(failure) => <RoundCardFallback round={round} failure={failure} offset={offset} />}
    >
      <RoundCard round={round} />
    </ErrorBoundary>
  );
}
