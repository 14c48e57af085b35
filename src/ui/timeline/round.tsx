// One round of the timeline: its card, or a fallback card saying what failed when rendering it throws. The card
// and all it shows (Markdown, tool calls, results, the debugger's row, exports) load as a chunk right after the
// first paint: the page starts with no run.
import type { RoundView } from '../../store/run-view';
import { ErrorBoundary } from '../common/error-boundary';
import { lazyComponent } from '../common/lazy-component';
import { RoundCardFallback } from './round-card-fallback';

const loadRoundCard = () => import('./round-card');
const RoundCard = lazyComponent(loadRoundCard, 'RoundCard');

/** Starts loading the round card's chunk (once); a failure shows in the first card, as its fallback. */
export function preloadRoundCard(): void {
  loadRoundCard().catch(() => undefined);
}

export function Round({ round }: { round: RoundView }) {
  return (
    <ErrorBoundary
      label={`Round ${round.round}`}
      fallback={(failure) => <RoundCardFallback round={round} failure={failure} />}
    >
      <RoundCard round={round} />
    </ErrorBoundary>
  );
}
