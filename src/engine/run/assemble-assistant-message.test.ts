import { describe, expect, it } from 'vitest';
import { assembleAssistantMessage, type StreamedBlock } from './assemble-assistant-message';

const text = (value: string): StreamedBlock => ({ kind: 'text', text: value, ended: true });
const call = (id: string): StreamedBlock => ({ kind: 'tool_use', id, name: 'f', json: '{"a":1}', ended: true });
const complete = { kind: 'complete', stopReason: 'tool_use' } as const;

describe('assembleAssistantMessage block order', () => {
  it('commits blocks by their index even when they started out of order', () => {
    const blocks = new Map<number, StreamedBlock>([
      [2, call('c2')],
      [0, text('first')],
      [1, call('c1')],
    ]);
    const { content, toolCalls } = assembleAssistantMessage(blocks, complete);
    expect(content.map((block) => (block.type === 'tool_use' ? block.id : block.type))).toEqual(['text', 'c1', 'c2']);
    expect(toolCalls.map((planned) => planned.callId)).toEqual(['c1', 'c2']);
  });

  it('plans calls with their keys in order: repaired set only when the JSON was repaired, an error with {} input', () => {
    const blocks = new Map<number, StreamedBlock>([
      [0, call('c1')],
      [1, { kind: 'tool_use', id: 'c2', name: 'f', json: '{"a":1,}', ended: true }],
      [2, { kind: 'tool_use', id: 'c3', name: 'f', json: '[1]', ended: true }],
    ]);
    const { toolCalls } = assembleAssistantMessage(blocks, complete);
    expect(toolCalls.map((planned) => JSON.stringify(planned))).toEqual([
      '{"callId":"c1","name":"f","input":{"a":1}}',
      '{"callId":"c2","name":"f","input":{"a":1},"repaired":true}',
      '{"callId":"c3","name":"f","input":{},"inputError":"The tool input must be a JSON object, but it was an array."}',
    ]);
  });

  it('keeps blocks that streamed in order as they came', () => {
    const blocks = new Map<number, StreamedBlock>([
      [0, text('a')],
      [1, call('c1')],
      [3, call('c3')],
    ]);
    const { content } = assembleAssistantMessage(blocks, complete);
    expect(content.map((block) => (block.type === 'tool_use' ? block.id : block.type))).toEqual(['text', 'c1', 'c3']);
  });
});
