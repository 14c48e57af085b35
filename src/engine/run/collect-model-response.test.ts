import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../event/run-event';
import { createScriptedModel } from '../testing/scripted-model';
import { collectModelResponse } from './collect-model-response';

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
    const model = createScriptedModel([
      {
        parts: [
          { type: 'redacted-thinking', index: 0, data: 'opaque-1' },
          { type: 'block-end', index: 0 },
          { type: 'tool-use-start', index: 1, id: 't1', name: 'pdf' },
          { type: 'tool-input-delta', index: 1, partialJson: '{}' },
          { type: 'block-end', index: 1 },
          { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 3, outputTokens: 2 } },
        ],
      },
    ]);
    const response = await collectModelResponse({
      model,
      request: { messages: [], tools: [], maxTokens: 10 },
      round: 1,
      signal: new AbortController().signal,
      now: () => 1,
      emit: () => undefined,
    });
    expect(response.message?.content).toEqual([
      { type: 'redacted_thinking', data: 'opaque-1' },
      { type: 'tool_use', id: 't1', name: 'pdf', input: {} },
    ]);
  });

  it('keeps unsigned thinking that has text (Chat Completions reasoning) and drops an empty or unfinished one', async () => {
    const model = createScriptedModel([
      {
        parts: [
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
        ],
      },
    ]);
    const response = await collectModelResponse({
      model,
      request: { messages: [], tools: [], maxTokens: 10 },
      round: 1,
      signal: new AbortController().signal,
      now: () => 1,
      emit: () => undefined,
    });
    expect(response.message?.content).toEqual([
      { type: 'thinking', thinking: 'Plan: fetch the weather.', signature: '' },
      { type: 'tool_use', id: 't1', name: 'weather', input: { city: 'Oslo' } },
    ]);
  });
});
