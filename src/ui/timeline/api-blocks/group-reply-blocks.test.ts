import { describe, expect, it } from 'vitest';
import type { AssistantBlockView, ToolCallView } from '../../../store/run-view';
import { groupReplyBlocks } from './group-reply-blocks';

const call = (callId: string, callerId?: string): ToolCallView => ({
  callId,
  name: 'demo__weather_get',
  status: 'ok',
  partialJson: '{}',
  isError: false,
  content: [],
  ...(callerId === undefined ? {} : { callerId }),
});

const blocks: AssistantBlockView[] = [
  { kind: 'text', index: 0, text: 'Let me compute.' },
  {
    kind: 'api',
    index: 1,
    block: { type: 'server_tool_use', id: 'srvtoolu_code', name: 'code_execution', input: { code: 'x' } },
  },
  { kind: 'tool_use', index: 2, callId: 'toolu_from_code', name: 'demo__weather_get' },
  { kind: 'tool_use', index: 3, callId: 'toolu_direct', name: 'demo__weather_get' },
  {
    kind: 'api',
    index: 4,
    block: { type: 'code_execution_tool_result', tool_use_id: 'srvtoolu_code', content: { return_code: 0 } },
  },
  // A result whose call was in an earlier round: drawn on its own, in place.
  { kind: 'api', index: 5, block: { type: 'code_execution_tool_result', tool_use_id: 'srvtoolu_old', content: {} } },
];

describe('groupReplyBlocks', () => {
  it('nests calls made from code under their code execution call and keeps the rest in the reply order', () => {
    const grouping = groupReplyBlocks({
      blocks,
      toolCalls: [call('toolu_from_code', 'srvtoolu_code'), call('toolu_direct'), call('toolu_late', 'srvtoolu_old')],
    });
    expect(grouping.nested.get('srvtoolu_code')?.map((entry) => entry.callId)).toEqual(['toolu_from_code']);
    // A code call whose code ran in another round has no call here to sit under: it stays in the round's list.
    expect(grouping.direct.map((entry) => entry.callId)).toEqual(['toolu_direct', 'toolu_late']);
    expect(grouping.results.get('srvtoolu_code')?.index).toBe(4);
    expect(grouping.shown.map((view) => view.index)).toEqual([0, 1, 5]);
  });

  it('leaves a round without code calls as it is', () => {
    const grouping = groupReplyBlocks({ blocks: blocks.slice(0, 1), toolCalls: [call('toolu_direct')] });
    expect(grouping.nested.size).toBe(0);
    expect(grouping.direct.map((entry) => entry.callId)).toEqual(['toolu_direct']);
    expect(grouping.shown).toEqual(blocks.slice(0, 1));
  });
});
