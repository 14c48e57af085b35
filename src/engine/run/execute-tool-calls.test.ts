import { describe, expect, it } from 'vitest';
import { resolveLoopPolicies } from '../../shared/loop-policies';
import type { RunEvent } from '../event/run-event';
import { callSignature } from '../policies/canonical-json';
import { createRunPolicyState } from '../policies/run-policy-state';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import { createRoundExecutor } from './execute-tool-calls';

function executorOf(tools = [createInMemoryTool({ name: 'lookup', run: () => 'found' })]) {
  const events: RunEvent[] = [];
  const executor = createRoundExecutor({
    round: 1,
    tools,
    signal: new AbortController().signal,
    environment: createFakeEnvironment(),
    timeoutMs: 1_000,
    emit: (event) => events.push(event),
    state: createRunPolicyState(resolveLoopPolicies({})),
  });
  return { executor, events };
}

describe('RoundExecutor.signatureOf', () => {
  it('gives the signature a call ran with, and callSignature of the input otherwise', async () => {
    const { executor } = executorOf();
    const ran: PlannedToolCall = { callId: 'a', name: 'lookup', input: { b: 1, a: 2 } };
    const unknown: PlannedToolCall = { callId: 'b', name: 'missing', input: { z: 0 } };
    const outcomes = await executor.settle([ran, unknown]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['ok', 'not-found']);
    const { signatureOf } = executor;
    expect(signatureOf('lookup', ran)).toBe(callSignature('lookup', { a: 2, b: 1 }));
    // Another name, another input object with the same id (an eager call planned again), a call that never ran.
    expect(signatureOf('Lookup', ran)).toBe(callSignature('Lookup', ran.input));
    expect(signatureOf('lookup', { ...ran, input: { c: 3 } })).toBe(callSignature('lookup', { c: 3 }));
    expect(signatureOf('missing', unknown)).toBe(callSignature('missing', unknown.input));
  });

  it('signs a call whose name was resolved case-insensitively under the name asked for', async () => {
    const { executor } = executorOf();
    const call: PlannedToolCall = { callId: 'a', name: 'LOOKUP', input: { q: 1 } };
    expect((await executor.settle([call]))[0]?.status).toBe('ok');
    expect(executor.signatureOf('LOOKUP', call)).toBe('LOOKUP {"q":1}');
    expect(executor.signatureOf('lookup', call)).toBe('lookup {"q":1}');
  });
});
