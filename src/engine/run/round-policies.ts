// Pure: the loop's per-round policy bookkeeping (loop guard, duplicates) and the eager-start pause check. No I/O.
import { selectPause } from '../debug/select-pause';
import { callSignature } from '../policies/canonical-json';
import type { LimitHit } from '../policies/limits';
import type { RunPolicyState } from '../policies/run-policy-state';
import type { Tool } from '../tool/tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import type { ToolCallOutcome } from './build-tool-result';
import type { RunOptions } from './run-options';

/**
 * Feeds the round to the loop guard and the duplicate tracker, in the model's order; the guard's hit, if any.
 * `signatureOf` gives a call's signature under the name its outcome carries (the executor's, which keeps the
 * one it made before the call ran); default `callSignature` of the call's input.
 */
export function recordOutcomes(
  state: RunPolicyState,
  calls: readonly PlannedToolCall[],
  outcomes: readonly ToolCallOutcome[],
  signatureOf: (name: string, call: PlannedToolCall) => string = (name, call) => callSignature(name, call.input),
): LimitHit | undefined {
  let hit: LimitHit | undefined;
  for (let index = 0; index < outcomes.length; index += 1) {
    const outcome = outcomes[index] as ToolCallOutcome;
    const call = calls[index];
    if (call === undefined || outcome.status === 'not-executed') continue;
    const signature = signatureOf(outcome.name, call);
    if (outcome.status !== 'duplicate') state.duplicates.record(signature, outcome.content);
    // The guard compares the texts of errors only (a success resets its count): no text made for the others.
    const isError = outcome.status !== 'ok';
    const text = isError ? outcome.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n') : '';
    // A malformed or unknown call has no real arguments to compare; repeated errors catch those.
    const ran = outcome.status !== 'invalid-input' && outcome.status !== 'not-found';
    const repeatedCall = ran ? state.guard.recordCall(signature) : undefined;
    const repeatedError = state.guard.recordResult(isError, text);
    hit ??= repeatedCall ?? repeatedError;
  }
  return hit;
}

/** Whether the debugger would stop before `call` (a breakpoint, step mode, an approval): then it never starts early. */
export function wouldPauseBefore(options: RunOptions, round: number, call: PlannedToolCall, tool: Tool): boolean {
  if (options.debug === undefined) return false;
  const payload = { kind: 'before-tool' as const, round, callId: call.callId, name: call.name, input: call.input };
  const selection = selectPause(options.debug.getPolicy(), payload, tool);
  return selection.deny || selection.reasons.length > 0;
}
