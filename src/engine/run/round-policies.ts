// Pure: the loop's per-round policy bookkeeping (loop guard, duplicates) and the eager-start pause check. No I/O.
import { selectPause } from '../debug/select-pause';
import { callSignature } from '../policies/canonical-json';
import type { LimitHit } from '../policies/limits';
import type { RunPolicyState } from '../policies/run-policy-state';
import type { Tool } from '../tool/tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import type { ToolCallOutcome } from './build-tool-result';
import type { RunOptions } from './run-options';

/** Feeds the round to the loop guard and the duplicate tracker, in the model's order; the guard's hit, if any. */
export function recordOutcomes(
  state: RunPolicyState,
  calls: readonly PlannedToolCall[],
  outcomes: readonly ToolCallOutcome[],
): LimitHit | undefined {
  let hit: LimitHit | undefined;
  outcomes.forEach((outcome, index) => {
    const call = calls[index];
    if (call === undefined || outcome.status === 'not-executed') return;
    const signature = callSignature(outcome.name, call.input);
    if (outcome.status !== 'duplicate') state.duplicates.record(signature, outcome.content);
    const text = outcome.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    // A malformed or unknown call has no real arguments to compare; repeated errors catch those.
    const ran = outcome.status !== 'invalid-input' && outcome.status !== 'not-found';
    const repeatedCall = ran ? state.guard.recordCall(signature) : undefined;
    const repeatedError = state.guard.recordResult(outcome.status !== 'ok', text);
    hit ??= repeatedCall ?? repeatedError;
  });
  return hit;
}

/** Whether the debugger would stop before `call` (a breakpoint, step mode, an approval): then it never starts early. */
export function wouldPauseBefore(options: RunOptions, round: number, call: PlannedToolCall, tool: Tool): boolean {
  if (options.debug === undefined) return false;
  const payload = { kind: 'before-tool' as const, round, callId: call.callId, name: call.name, input: call.input };
  const selection = selectPause(options.debug.getPolicy(), payload, tool);
  return selection.deny || selection.reasons.length > 0;
}
