import { describe, expect, it } from 'vitest';
import { collectRun } from '../testing/collect-run';
import { createFakeEnvironment } from '../testing/fake-environment';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { createScriptedModel } from '../testing/scripted-model';
import { runToolLoop } from './run-tool-loop';

// Found by the engine fuzz: a model that reuses tool_use ids (some local OpenAI-compatible servers
// number calls `call_0`, `call_1` … in every reply) made the history invalid, and the next request's
// repair silently dropped the second call and its result.
describe('a model that reuses tool_use ids', () => {
  it('gets fresh ids for repeats, across rounds and within one reply, and the history stays valid', async () => {
    const call = (input: Record<string, unknown>) => ({ type: 'tool_use' as const, id: 'call_0', name: 'echo', input });
    const model = createScriptedModel([
      { content: [call({ q: 'a' })] },
      { content: [call({ q: 'b' }), call({ q: 'c' })] },
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    const echo = createInMemoryTool({ name: 'echo', run: (input) => JSON.stringify(input) });
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [echo],
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        environment: createFakeEnvironment(),
      }),
    );
    expect(findRunProblems(events, result)).toEqual([]);
    expect(filterEvents(events, 'tool-call-end').map((event) => event.callId)).toEqual([
      'call_0',
      'call_0_2',
      'call_0_3',
    ]);
    expect(echo.calls).toEqual([{ q: 'a' }, { q: 'b' }, { q: 'c' }]);
    const lastRequest = model.requests.at(-1)!;
    expect(lastRequest.messages.flatMap((message) => message.content.map((block) => block.type))).toEqual([
      'text',
      'tool_use',
      'tool_result',
      'tool_use',
      'tool_use',
      'tool_result',
      'tool_result',
    ]);
  });
});
