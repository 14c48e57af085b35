// The timeline's empty state while the run panels' code is still loading: with no run there is nothing for those
// panels to show, so the empty state comes with the rest of the first paint instead of seconds later, when it
// pushed nothing but appeared late (issue 41). A run (one restored too) waits for the panels, as before.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { ErrorBoundary } from '../common/error-boundary';
import { Timeline } from './timeline';

export function TimelineBeforeRun() {
  const noRun = useLoupeStore((state) => state.runView.runId === null && state.runView.phase === 'idle');
  if (!noRun) return null;
  return (
    <ErrorBoundary label="The timeline">
      <Timeline />
    </ErrorBoundary>
  );
}
