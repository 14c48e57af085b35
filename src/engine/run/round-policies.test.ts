import { describe, expect, it } from 'vitest';
import { resolveLoopPolicies } from '../../shared/loop-policies';
import { callSignature } from '../policies/canonical-json';
import { createRunPolicyState } from '../policies/run-policy-state';
import type { PlannedToolCall } from './assemble-assistant-message';
import type { ToolCallOutcome } from './build-tool-result';
import { recordOutcomes } from './round-policies';

const call = (callId: string, name: string, input: Record<string, unknown>): PlannedToolCall => ({
  callId,
  name,
  input,
});
const outcome = (callId: string, name: string, status: ToolCallOutcome['status'], text: string): ToolCallOutcome => ({
  callId,
  name,
  status,
  content: [{ type: 'text', text }],
});

describe('recordOutcomes', () => {
  it('asks signatureOf for each answered call under its outcome name, in the model order', () => {
    const state = createRunPolicyState(resolveLoopPolicies({ loopGuardRepeats: 2 }));
    const asked: [string, string][] = [];
    const signatureOf = (name: string, planned: PlannedToolCall): string => {
      asked.push([name, planned.callId]);
      return 'same';
    };
    const calls = [call('a', 'f', { x: 1 }), call('b', 'F', { x: 2 }), call('c', 'f', {})];
    const outcomes = [
      outcome('a', 'f', 'ok', 'one'),
      outcome('b', 'f', 'ok', 'two'),
      outcome('c', 'f', 'not-executed', ''),
    ];
    // Two calls with one signature: the guard (at 2) trips on the second, whatever their inputs.
    expect(recordOutcomes(state, calls, outcomes, signatureOf)).toMatchObject({ limit: 'loop', value: 2 });
    expect(asked).toEqual([
      ['f', 'a'],
      ['f', 'b'],
    ]);
  });

  it('signs with callSignature of the call input by default', () => {
    const state = createRunPolicyState(resolveLoopPolicies({ loopGuardRepeats: 2 }));
    const hit = recordOutcomes(
      state,
      [call('a', 'f', { b: 1, a: 2 }), call('b', 'f', { a: 2, b: 1 })],
      [outcome('a', 'f', 'ok', 'one'), outcome('b', 'f', 'ok', 'two')],
    );
    expect(hit?.detail).toBe(`the same call 2 times: ${callSignature('f', { a: 2, b: 1 })}`);
  });

  it('compares the texts of errors in a row (a success in between resets them)', () => {
    const state = createRunPolicyState(resolveLoopPolicies({ loopGuardRepeats: 2 }));
    const failed = (id: string) => outcome(id, 'f', 'not-found', 'no such tool');
    expect(recordOutcomes(state, [call('a', 'f', { n: 1 })], [failed('a')])).toBeUndefined();
    expect(
      recordOutcomes(state, [call('b', 'f', { n: 2 })], [outcome('b', 'f', 'ok', 'no such tool')]),
    ).toBeUndefined();
    expect(recordOutcomes(state, [call('c', 'f', { n: 3 })], [failed('c')])).toBeUndefined();
    expect(recordOutcomes(state, [call('d', 'f', { n: 4 })], [failed('d')])).toMatchObject({
      detail: 'the same error 2 times in a row: no such tool',
    });
  });
});
