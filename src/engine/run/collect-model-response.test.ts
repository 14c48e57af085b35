import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../event/run-event';
import type { Model, ModelStreamPart } from '../model/model';
import { createScriptedModel } from '../testing/scripted-model';
import { collectModelResponse } from './collect-model-response';

/** The message committed from one scripted reply's `parts` (round 1, no events kept). */
async function collectParts(parts: ModelStreamPart[]) {
  return collectModelResponse({
    model: createScriptedModel([{ parts }]),
    request: { messages: [], tools: [], maxTokens: 10 },
    round: 1,
    signal: new AbortController().signal,
    now: () => 1,
    emit: () => undefined,
  });
}

describe('collectModelResponse: thinking and notices', () => {
  it('streams thinking as thinking-delta events, commits the signed block, and passes notices on', async () => {
    const model = createScriptedModel([
      {
        parts: [
          { type: 'response-start', id: 'r1' },
          { type: 'thinking-start', index: 0 },
          { type: 'thinking-delta', index: 0, thinking: 'Let me ' },
          { type: 'thinking-delta', index: 0, thinking: 'think.' },
          { type: 'signature-delta', index: 0, signature: 'sig-1' },
          { type: 'block-end', index: 0 },
          { type: 'text-start', index: 1 },
          { type: 'text-delta', index: 1, text: 'Done.' },
          { type: 'block-end', index: 1 },
          { type: 'notice', message: 'Something to know.' },
          { type: 'response-end', stopReason: 'end_turn', usage: { inputTokens: 3, outputTokens: 2 } },
        ],
      },
    ]);
    const events: RunEvent[] = [];
    let clock = 100;
    const response = await collectModelResponse({
      model,
      request: { messages: [], tools: [], maxTokens: 10 },
      round: 1,
      signal: new AbortController().signal,
      now: () => (clock += 1),
      emit: (event) => events.push(event),
    });
    expect(events.filter((event) => event.type === 'thinking-delta')).toEqual([
      { type: 'thinking-delta', round: 1, index: 0, thinking: 'Let me ' },
      { type: 'thinking-delta', round: 1, index: 0, thinking: 'think.' },
    ]);
    expect(events.filter((event) => event.type === 'notice').map((event) => [event.round, event.message])).toEqual([
      [1, 'Something to know.'],
    ]);
    expect(response.message?.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'sig-1' },
      { type: 'text', text: 'Done.' },
    ]);
  });

  it('keeps a redacted thinking block whole, in its place, in the committed message', async () => {
    const response = await collectParts([
      { type: 'redacted-thinking', index: 0, data: 'opaque-1' },
      { type: 'block-end', index: 0 },
      { type: 'tool-use-start', index: 1, id: 't1', name: 'pdf' },
      { type: 'tool-input-delta', index: 1, partialJson: '{}' },
      { type: 'block-end', index: 1 },
      { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 3, outputTokens: 2 } },
    ]);
    expect(response.message?.content).toEqual([
      { type: 'redacted_thinking', data: 'opaque-1' },
      { type: 'tool_use', id: 't1', name: 'pdf', input: {} },
    ]);
  });

  it('keeps unsigned thinking that has text (Chat Completions reasoning) and drops an empty or unfinished one', async () => {
    const response = await collectParts([
      { type: 'thinking-start', index: 0 },
      { type: 'block-end', index: 0 },
      { type: 'thinking-start', index: 1 },
      { type: 'thinking-delta', index: 1, thinking: 'Plan: fetch the weather.' },
      { type: 'block-end', index: 1 },
      { type: 'tool-use-start', index: 2, id: 't1', name: 'weather' },
      { type: 'tool-input-delta', index: 2, partialJson: '{"city":"Oslo"}' },
      { type: 'block-end', index: 2 },
      { type: 'thinking-start', index: 3 },
      { type: 'thinking-delta', index: 3, thinking: 'cut off' },
      { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 3, outputTokens: 2 } },
    ]);
    expect(response.message?.content).toEqual([
      { type: 'thinking', thinking: 'Plan: fetch the weather.', signature: '' },
      { type: 'tool_use', id: 't1', name: 'weather', input: { city: 'Oslo' } },
    ]);
  });
});

describe('collectModelResponse: the reply events as they are written', () => {
  const run = async (model: Model, signal = new AbortController().signal) => {
    const events: RunEvent[] = [];
    let clock = 0;
    await collectModelResponse({
      model,
      request: { messages: [], tools: [], maxTokens: 10 },
      round: 2,
      signal,
      now: () => (clock += 1),
      emit: (event) => events.push(event),
    });
    return events.filter((event) => event.type === 'response-start' || event.type === 'response-end');
  };
  const scripted = (parts: ModelStreamPart[]) => createScriptedModel([{ parts }]);

  it('writes response-start and response-end with their keys in order, optional ones only when known', async () => {
    const [start, end] = await run(
      scripted([
        { type: 'response-start', id: 'r1', model: 'm-1' },
        { type: 'text-start', index: 0 },
        { type: 'text-delta', index: 0, text: 'Hi.' },
        { type: 'block-end', index: 0 },
        { type: 'response-end', stopReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 1 } },
      ]),
    );
    expect(JSON.stringify(start)).toBe('{"type":"response-start","at":2,"round":2,"responseId":"r1","model":"m-1"}');
    expect(Object.keys(end ?? {})).toEqual(['type', 'at', 'round', 'message', 'stopReason', 'usage', 'timing']);
    expect(JSON.stringify(end?.type === 'response-end' ? end.timing : undefined)).toBe(
      '{"startedAt":1,"firstTokenAt":3,"endedAt":4}',
    );
  });

  it('writes a reply with no id and no token without them, and a cut one as interrupted (last)', async () => {
    const [start, end] = await run(scripted([{ type: 'text-start', index: 0 }]));
    expect(JSON.stringify(start)).toBe('{"type":"response-start","at":2,"round":2}');
    expect(JSON.stringify(end?.type === 'response-end' ? end.timing : undefined)).toBe('{"startedAt":1,"endedAt":3}');
    const controller = new AbortController();
    const cutShort: Model = {
      provider: 'p',
      modelId: 'm',
      async *doStream() {
        yield { type: 'text-start', index: 0 };
        yield { type: 'text-delta', index: 0, text: 'Part' };
        controller.abort();
        await Promise.resolve();
        yield { type: 'text-delta', index: 0, text: ' more' };
      },
    };
    const [, cut] = await run(cutShort, controller.signal);
    expect(Object.keys(cut ?? {})).toEqual([
      'type',
      'at',
      'round',
      'message',
      'stopReason',
      'usage',
      'timing',
      'interrupted',
    ]);
    expect(cut).toMatchObject({ interrupted: true, message: { content: [{ type: 'text', text: 'Part' }] } });
  });
});
