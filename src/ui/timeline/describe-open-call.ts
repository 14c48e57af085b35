// What a call without a result is doing, in words that are true at that moment.
import type { ToolCallView } from '../../store/run-view';

/** "Running…", "Paused before it runs…", "Waiting to run…", or "The model is writing the call…". */
export function describeOpenCall(call: Pick<ToolCallView, 'status' | 'input'>, pausedHere: boolean): string {
  if (call.status === 'running') return 'Running…';
  if (call.status === 'queued') return 'Waiting for a free slot (concurrency cap)…';
  if (pausedHere) return 'Paused before it runs: the input below is what it will get.';
  // The parsed input arrives with the finished reply (or the call's start): the model is done with it.
  if (call.input !== undefined) return 'Not run yet: waiting for its turn.';
  return 'The model is writing the call…';
}
