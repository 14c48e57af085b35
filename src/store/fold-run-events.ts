// Pure: a batch of run events folded into the view at once — a frame's deltas, a restored log, an import.
import type { RunEvent } from '../engine/event/run-event';
import { applyRunEvent } from './apply-run-event';
import { initialRunView, type RunView } from './run-view';
import { withBatchedRounds } from './update-run-view';

/**
 * Folds `events` into `state` like `events.reduce(applyRunEvent, state)`, but the rounds array is copied
 * once for the batch instead of once per event, so folding a 2,000-round log is linear. Rounds the
 * events leave alone are shared with `state`; `state` itself is not changed.
 */
export function foldRunEvents(state: RunView, events: readonly RunEvent[]): RunView {
  if (events.length === 0) return state;
  return withBatchedRounds(() => events.reduce(applyRunEvent, state));
}

/** The view of a whole stored or imported log. */
export function viewOfEvents(events: readonly RunEvent[]): RunView {
  return foldRunEvents({ ...initialRunView }, events);
}
