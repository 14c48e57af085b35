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
