import { describe, expect, it } from 'vitest';
import { runToolLoop } from '../../engine/run/run-tool-loop';
import { collectRun } from '../../engine/testing/collect-run';
import { createFakeEnvironment } from '../../engine/testing/fake-environment';
import { findRunProblems } from '../../engine/testing/find-run-problems';
import { createInMemoryTool } from '../../engine/testing/in-memory-tool';
import { createManualModel, type ManualReply } from './create-manual-model';

describe('createManualModel', () => {
  it('drives the real loop with replies a person writes: a tool call, then an answer', async () => {
    const replies: ManualReply[] = [
      {
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', name: 'weather', input: { city: 'Oslo' } },
        ],
      },
      { content: [{ type: 'text', text: 'Wear a coat.' }] },
    ];
    const asked: string[][] = [];
    let ids = 0;
    const model = createManualModel(
      {
        requestReply: (request) => {
          asked.push(request.tools.map((tool) => tool.name));
          return Promise.resolve(replies.shift() ?? { content: [] });
        },
      },
      (prefix) => `${prefix}_${(ids += 1)}`,
    );
    const tool = createInMemoryTool({ name: 'weather', run: () => 'Cold' });
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [tool],
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text: 'What to wear?' }] },
        environment: createFakeEnvironment(),
      }),
    );
    expect(findRunProblems(events, result)).toEqual([]);
    expect(result.finishReason).toBe('end_turn');
    expect(tool.calls).toEqual([{ city: 'Oslo' }]);
    expect(asked).toEqual([['weather'], ['weather']]);
    expect(result.messages[1]?.content[1]).toMatchObject({ type: 'tool_use', id: 'toolu_manual_2', name: 'weather' });
  });

  it('refuses a reply that calls an unknown tool, in plain words', async () => {
    const model = createManualModel(
      { requestReply: () => Promise.resolve({ content: [{ type: 'tool_use', name: 'nope', input: {} }] }) },
      (prefix) => prefix,
    );
    const { result, events } = await collectRun(
      runToolLoop({
        model,
        tools: [],
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        environment: createFakeEnvironment(),
      }),
    );
    expect(result.finishReason).toBe('error');
    const end = events.at(-1);
    expect(end?.type === 'run-end' ? end.error?.message : '').toContain("'nope' is not one of the run's tools");
  });

  it('stops waiting when the run is cancelled', async () => {
    const controller = new AbortController();
    const model = createManualModel(
      {
        requestReply: (_request, signal) =>
          new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
      },
      (prefix) => prefix,
    );
    const handle = runToolLoop({
      model,
      tools: [],
      history: [],
      userMessage: { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      environment: createFakeEnvironment(),
      signal: controller.signal,
    });
    const run = collectRun(handle);
    await Promise.resolve();
    controller.abort();
    const { result, events } = await run;
    expect(result.finishReason).toBe('aborted');
    expect(findRunProblems(events, result)).toEqual([]);
  });
});
