import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from './find-history-problems';
import type { ApiBlock, ContentBlock, Message } from './message';
import { repairHistory } from './repair-history';
import { serverBlockRole } from './server-block-pairs';

const serverIds = ['s1', 's2', 's3'] as const;
const toolIds = ['t1', 't2'] as const;
const api = (block: ApiBlock['block']): ApiBlock => ({ type: 'api_block', block });
const call = (id: string): ApiBlock =>
  api({ type: 'server_tool_use', id, name: 'web_search', input: { query: `q ${id}` } });
const mcpCall = (id: string): ApiBlock =>
  api({ type: 'mcp_tool_use', id, name: 'search', server_name: 'docs', input: {} });
const result = (id: string): ApiBlock =>
  api({ type: 'web_search_tool_result', tool_use_id: id, content: [{ type: 'web_search_result', url: 'https://a' }] });
const unknown = api({ type: 'hologram', payload: { deep: [1, null] } });
const compaction = api({ type: 'compaction', content: 'summary', encrypted_content: null });

const blockArbitrary: fc.Arbitrary<ContentBlock> = fc.oneof(
  fc.constantFrom('', 'hi').map((text): ContentBlock => ({ type: 'text', text })),
  fc.constantFrom(...serverIds).map(call),
  fc.constantFrom(...serverIds).map(mcpCall),
  fc.constantFrom(...serverIds, 'zz').map(result),
  fc.constant(unknown),
  fc.constant(compaction),
  fc.constantFrom(...toolIds).map((id): ContentBlock => ({ type: 'tool_use', id, name: 'calc', input: {} })),
  fc
    .record({ id: fc.constantFrom(...toolIds), caller: fc.constantFrom(...serverIds) })
    .map(({ id, caller }): ContentBlock => ({
      type: 'tool_use',
      id,
      name: 'calc',
      input: {},
      caller: { type: 'code_execution_20250825', tool_id: caller },
    })),
  fc
    .constantFrom(...toolIds)
    .map((id): ContentBlock => ({ type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: 'ok' }] })),
);

const historyArbitrary: fc.Arbitrary<Message[]> = fc.array(
  fc.record({
    role: fc.constantFrom('user' as const, 'assistant' as const),
    content: fc.array(blockArbitrary, { maxLength: 6 }),
  }),
  { maxLength: 7 },
);

const apiBlocksOf = (messages: readonly Message[]): ApiBlock[] =>
  messages.flatMap((message) => message.content.filter((block): block is ApiBlock => block.type === 'api_block'));

describe('repairHistory with blocks of the API’s own mixed in', () => {
  it('always gives a valid history, keeping every API block it keeps as the very object it was given', () => {
    fc.assert(
      fc.property(historyArbitrary, (messages) => {
        const given = new Set(apiBlocksOf(messages).map((block) => block.block));
        const { messages: repaired } = repairHistory(messages);
        expect(findHistoryProblems(repaired)).toEqual([]);
        for (const block of apiBlocksOf(repaired)) expect(given.has(block.block)).toBe(true);
        // A repaired history needs no more repair.
        expect(repairHistory(repaired).changes).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('never drops a block that has no pairing rule (compaction, unknown types) from an assistant message', () => {
    fc.assert(
      fc.property(historyArbitrary, (messages) => {
        const count = (history: readonly Message[]) =>
          history
            .filter((message) => message.role === 'assistant')
            .flatMap((message) => message.content)
            .filter((block) => block.type === 'api_block' && serverBlockRole(block) === undefined).length;
        // Merging same-role messages and the leading user message move blocks around, never remove these.
        const assistantUnpaired = messages.some(
          (message) => message.role === 'user' && message.content.includes(unknown),
        );
        const { messages: repaired } = repairHistory(messages);
        if (!assistantUnpaired) expect(count(repaired)).toBe(count(messages));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a paused server call in the last message, a call code is waiting on, and answers found later', () => {
    const waiting: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
      {
        role: 'assistant',
        content: [
          call('s1'),
          {
            type: 'tool_use',
            id: 't1',
            name: 'calc',
            input: {},
            caller: { type: 'code_execution_20250825', tool_id: 's1' },
          },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: '4' }] }] },
      { role: 'assistant', content: [result('s1'), call('s2')] },
    ];
    expect(findHistoryProblems(waiting)).toEqual([]);
    expect(repairHistory(waiting)).toEqual({ messages: waiting, changes: [] });
  });

  it('drops a server call left without its result inside the history, and results of no call, saying so', () => {
    const broken: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'Go.' }, result('s9')] },
      { role: 'assistant', content: [call('s1'), { type: 'text', text: 'Searched.' }, result('s2')] },
      { role: 'user', content: [{ type: 'text', text: 'And?' }] },
    ];
    expect(findHistoryProblems(broken)).toHaveLength(3);
    const { messages, changes } = repairHistory(broken);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Searched.' }] },
      { role: 'user', content: [{ type: 'text', text: 'And?' }] },
    ]);
    expect(changes).toEqual([
      "Message 1 (user): holds a web_search_tool_result 's9'; only assistant messages may; removed it.",
      "Message 2 (assistant): holds a web_search_tool_result 's2' with no call before it; removed it.",
      "Message 2 (assistant): holds a server_tool_use 's1' with no result after it; removed it.",
    ]);
  });
});
