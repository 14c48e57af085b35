// The shown run's round offset: a fork shows its rounds under the numbers they have in the original run.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { roundOffsetOf } from '../../store/round-offset';

/** Rounds the shown run inherited from the runs it was forked from (0 for a run that is no fork). */
export function useRoundOffset(): number {
  return useLoupeStore((state) => roundOffsetOf(state.debug.branches, state.runView.runId));
}
