import { describe, expect, it } from 'vitest';
import type { ModelStreamPart } from '../../engine/model/model';
import { runToolLoop } from '../../engine/run/run-tool-loop';
import { createFakeEnvironment } from '../../engine/testing/fake-environment';
import { filterEvents } from '../../engine/testing/filter-events';
import { createInMemoryTool } from '../../engine/testing/in-memory-tool';
import { createScriptedModel } from '../../engine/testing/scripted-model';
import { collectRun } from '../../engine/testing/collect-run';
import { createPromptedModel, NO_TOOLS_NOTE } from './create-prompted-model';
import { collectStreamParts } from '../testing/collect-stream-parts';

const weather = createInMemoryTool({
  name: 'weather',
  description: 'Weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  run: (input) => ({ content: [{ type: 'text', text: `Sunny in ${String(input['city'])}` }] }),
});

const say = (text: string) => ({ content: [{ type: 'text' as const, text }] });

describe('createPromptedModel', () => {
  it('runs the same tool loop as a native model: call, result as user text, final answer', async () => {
    const inner = createScriptedModel([
      say('{"name": "weather", "arguments": {"city": "Paris"}}'),
      say('It is sunny in Paris.'),
    ]);
    const model = createPromptedModel(inner, { createId: () => 'toolu_p1' });
    const run = await collectRun(
      runToolLoop({
        model,
        tools: [weather],
        system: 'Be brief.',
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
        environment: createFakeEnvironment(),
      }),
    );
    expect(run.result.finishReason).toBe('end_turn');
    expect(filterEvents(run.events, 'tool-call-end').map((event) => [event.name, event.status])).toEqual([
      ['weather', 'ok'],
    ]);
    expect(run.result.messages[1]?.content).toEqual([
      { type: 'tool_use', id: 'toolu_p1', name: 'weather', input: { city: 'Paris' } },
    ]);

    const [first, second] = inner.requests;
    expect(first?.tools).toEqual([]);
    expect(first?.system).toMatch(/^Be brief\.\n\n## Tools\n[\s\S]*### weather\nWeather for a city\./);
    // The inner model reads its own call back as the JSON it wrote, and the result as user text.
    expect(second?.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: '{"name":"weather","arguments":{"city":"Paris"}}' }] },
      { role: 'user', content: [{ type: 'text', text: 'Result of weather (call toolu_p1):\nSunny in Paris' }] },
    ]);
  });

  it('takes a rejected call as text, with a notice saying why', async () => {
    const inner = createScriptedModel([say('{"name": "weather", "arguments": {"town": "Paris"}}')]);
    const parts = await collectStreamParts(
      createPromptedModel(inner).doStream(
        {
          messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
          tools: [weather].map((tool) => ({
            name: tool.name,
            description: tool.description,
            input_schema: tool.inputSchema,
          })),
          maxTokens: 100,
        },
        new AbortController().signal,
      ),
    );
    expect(parts.filter((part) => part.type === 'tool-use-start')).toEqual([]);
    expect(parts).toContainEqual({
      type: 'text-delta',
      index: 0,
      text: '{"name": "weather", "arguments": {"town": "Paris"}}',
    });
    const notice = parts.find((part) => part.type === 'notice');
    expect(notice?.message).toMatch(/missing: city/);
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'end_turn' });
  });

  it('shows the notice in the run events and ends the run naturally', async () => {
    const model = createPromptedModel(createScriptedModel([say('{"name": "forecast", "arguments": {}}')]));
    const run = await collectRun(
      runToolLoop({
        model,
        tools: [weather],
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        environment: createFakeEnvironment(),
      }),
    );
    expect(filterEvents(run.events, 'notice').map((event) => event.message)).toEqual([
      'The reply looked like a tool call but was taken as text: there is no tool "forecast" (available: weather).',
    ]);
    expect(run.result.finishReason).toBe('end_turn');
  });

  it('leaves the tools out and says so when the loop forbids tools (tool_choice none)', async () => {
    const inner = createScriptedModel([say('{"name": "weather", "arguments": {"city": "Paris"}}')]);
    const parts = await collectStreamParts(
      createPromptedModel(inner).doStream(
        {
          system: 'Sys.',
          messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
          tools: [{ name: 'weather', description: '', input_schema: {} }],
          toolChoice: { type: 'none' },
          maxTokens: 100,
        },
        new AbortController().signal,
      ),
    );
    expect(inner.requests[0]?.system).toBe(`Sys.\n\n${NO_TOOLS_NOTE}`);
    expect(parts.some((part) => part.type === 'tool-use-start')).toBe(false);
  });

  it('keeps the text written before the inner model failed', async () => {
    const inner = createScriptedModel([
      { content: [{ type: 'text', text: 'Half an ans' }], error: new Error('broke') },
    ]);
    const parts: ModelStreamPart[] = [];
    await expect(
      (async () => {
        for await (const part of createPromptedModel(inner).doStream(
          { messages: [], tools: [{ name: 'weather', description: '', input_schema: {} }], maxTokens: 10 },
          new AbortController().signal,
        ))
          parts.push(part);
      })(),
    ).rejects.toThrow('broke');
    expect(parts).toContainEqual({ type: 'text-delta', index: 0, text: 'Half an ans' });
  });
});

describe('createPromptedModel with an endpoint that calls tools natively anyway', () => {
  it('keeps the native calls and the thinking block ends', async () => {
    const inner = createScriptedModel([
      {
        parts: [
          { type: 'thinking-start', index: 0 },
          { type: 'thinking-delta', index: 0, thinking: 'Hm.' },
          { type: 'signature-delta', index: 0, signature: 's' },
          { type: 'block-end', index: 0 },
          { type: 'text-start', index: 1 },
          { type: 'text-delta', index: 1, text: 'Calling.' },
          { type: 'block-end', index: 1 },
          { type: 'tool-use-start', index: 2, id: 'call_n', name: 'weather' },
          { type: 'tool-input-delta', index: 2, partialJson: '{"city":"Oslo"}' },
          { type: 'block-end', index: 2 },
          { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } },
        ],
      },
    ]);
    const parts = await collectStreamParts(
      createPromptedModel(inner).doStream(
        { messages: [], tools: [{ name: 'weather', description: '', input_schema: {} }], maxTokens: 10 },
        new AbortController().signal,
      ),
    );
    expect(parts).toContainEqual({ type: 'block-end', index: 0 });
    expect(parts).toContainEqual({ type: 'tool-use-start', index: 2, id: 'call_n', name: 'weather' });
    expect(parts).toContainEqual({ type: 'text-delta', index: 1, text: 'Calling.' });
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
  });

  it('says end_turn for a text reply an endpoint ended with tool_calls', async () => {
    const inner = createScriptedModel([{ content: [{ type: 'text', text: 'Just text.' }], stopReason: 'tool_use' }]);
    const parts = await collectStreamParts(
      createPromptedModel(inner).doStream(
        { messages: [], tools: [{ name: 'weather', description: '', input_schema: {} }], maxTokens: 10 },
        new AbortController().signal,
      ),
    );
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'end_turn' });
  });
});
