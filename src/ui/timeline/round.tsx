// One round of the timeline: its card, or a fallback card saying what failed when rendering it throws.
import type { RoundView } from '../../store/run-view';
import { ErrorBoundary } from '../common/error-boundary';
import { RoundCard } from './round-card';
import { RoundCardFallback } from './round-card-fallback';

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
