import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { ModelStreamPart } from '../../engine/model/model';
import { initialAnthropicStreamState, mapAnthropicStreamEvent } from './map-anthropic-stream-event';

/** Wire events are looser than the SDK's types (fields are often absent); tests write them as the API sends them. */
const events = (list: unknown[]) => list as Anthropic.RawMessageStreamEvent[];

function mapAll(list: unknown[]): { parts: ModelStreamPart[]; finished: boolean } {
  let state = initialAnthropicStreamState;
  const parts: ModelStreamPart[] = [];
  for (const event of events(list)) {
    const mapped = mapAnthropicStreamEvent(event, state);
    parts.push(...mapped.parts);
    state = mapped.state;
  }
  return { parts, finished: state.finished };
}

const messageStart = (usage: Record<string, unknown>) => ({
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-x',
    content: [],
    stop_reason: null,
    usage,
  },
});

describe('mapAnthropicStreamEvent', () => {
  it('maps a text and tool_use reply in order, with usage from start and delta', () => {
    const { parts, finished } = mapAll([
      messageStart({
        input_tokens: 100,
        output_tokens: 1,
        cache_creation_input_tokens: 20,
        cache_read_input_tokens: 30,
      }),
      { type: 'ping' },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'get', input: {} },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"a":' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '1}' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 42 } },
      { type: 'message_stop' },
    ]);
    expect(finished).toBe(true);
    expect(parts).toEqual([
      {
        type: 'response-start',
        id: 'msg_1',
        model: 'claude-x',
        usage: { inputTokens: 100, outputTokens: 1, cacheCreationInputTokens: 20, cacheReadInputTokens: 30 },
      },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, text: 'Hi' },
      { type: 'block-end', index: 0 },
      { type: 'tool-use-start', index: 1, id: 'toolu_1', name: 'get' },
      { type: 'tool-input-delta', index: 1, partialJson: '{"a":' },
      { type: 'tool-input-delta', index: 1, partialJson: '1}' },
      { type: 'block-end', index: 1 },
      {
        type: 'response-end',
        stopReason: 'tool_use',
        usage: { inputTokens: 100, outputTokens: 42, cacheCreationInputTokens: 20, cacheReadInputTokens: 30 },
      },
    ]);
  });

  it('prefers cumulative input counts from message_delta when the API sends them', () => {
    const { parts } = mapAll([
      messageStart({ input_tokens: 10, output_tokens: 1 }),
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn' },
        usage: { input_tokens: 12, output_tokens: 5, cache_read_input_tokens: 3, cache_creation_input_tokens: null },
      },
      { type: 'message_stop' },
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'response-end',
      stopReason: 'end_turn',
      usage: { inputTokens: 12, outputTokens: 5, cacheReadInputTokens: 3 },
    });
  });

  it('maps thinking and signature deltas, and text present at block start', () => {
    const { parts } = mapAll([
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: 'Pre' } },
    ]);
    expect(parts).toEqual([
      { type: 'thinking-start', index: 0 },
      { type: 'thinking-delta', index: 0, thinking: 'Hmm' },
      { type: 'signature-delta', index: 0, signature: 'sig' },
      { type: 'block-end', index: 0 },
      { type: 'text-start', index: 1 },
      { type: 'text-delta', index: 1, text: 'Pre' },
    ]);
  });

  it('maps a redacted thinking block to one part carrying its data, then its end', () => {
    const { parts } = mapAll([
      { type: 'content_block_start', index: 0, content_block: { type: 'redacted_thinking', data: 'EncRypTed==' } },
      { type: 'content_block_stop', index: 0 },
    ]);
    expect(parts).toEqual([
      { type: 'redacted-thinking', index: 0, data: 'EncRypTed==' },
      { type: 'block-end', index: 0 },
    ]);
  });

  it('keeps a server tool call whole: its start with the streamed input parsed in place, at its stop', () => {
    const { parts } = mapAll([
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'server_tool_use', id: 's1', name: 'web_search', input: {}, caller: { type: 'direct' } },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"query":' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"a"}' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'some_future_event' },
    ]);
    expect(parts).toEqual([
      {
        type: 'api-block',
        index: 1,
        block: {
          type: 'server_tool_use',
          id: 's1',
          name: 'web_search',
          input: { query: 'a' },
          caller: { type: 'direct' },
        },
      },
      { type: 'block-end', index: 1 },
    ]);
    expect(JSON.stringify((parts[0] as { block: unknown }).block)).toBe(
      '{"type":"server_tool_use","id":"s1","name":"web_search","input":{"query":"a"},"caller":{"type":"direct"}}',
    );
  });

  it('keeps a result block that arrives whole, compaction with its delta, and an unknown type as sent', () => {
    const result = {
      type: 'web_search_tool_result',
      tool_use_id: 's1',
      content: [{ type: 'web_search_result', url: 'https://a', title: 't', encrypted_content: 'e', page_age: null }],
    };
    const odd = { type: 'from_the_future', __proto__: { polluted: true }, nested: [[[{}]]] };
    const { parts } = mapAll([
      { type: 'content_block_start', index: 0, content_block: result },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'compaction', content: null, encrypted_content: null },
      },
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'compaction_delta', content: 'sum', encrypted_content: 'x' },
      },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: odd },
      { type: 'content_block_delta', index: 2, delta: { type: 'weird_delta', value: 1 } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{not json' } },
      { type: 'content_block_stop', index: 2 },
    ]);
    const blocks = parts.flatMap((part) => (part.type === 'api-block' ? [part.block] : []));
    expect(blocks).toEqual([result, { type: 'compaction', content: 'sum', encrypted_content: 'x' }, odd]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives the citations of a text block as citation parts, from its start and from citations_delta', () => {
    const cited = {
      type: 'web_search_result_location',
      url: 'https://a',
      title: 't',
      encrypted_index: 'i',
      cited_text: 'c',
    };
    const { parts } = mapAll([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', citations: [cited] } },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'citations_delta', citation: { ...cited, url: 'https://b' } },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_stop', index: 0 },
    ]);
    expect(parts).toEqual([
      { type: 'text-start', index: 0 },
      { type: 'citation', index: 0, citation: cited },
      { type: 'citation', index: 0, citation: { ...cited, url: 'https://b' } },
      { type: 'text-delta', index: 0, text: 'Hi' },
      { type: 'block-end', index: 0 },
    ]);
  });

  it('reads server tool request counts and the context-management edits from message_delta', () => {
    const edits = {
      applied_edits: [{ type: 'clear_tool_uses_20250919', cleared_tool_uses: 2, cleared_input_tokens: 50 }],
    };
    const { parts } = mapAll([
      messageStart({ input_tokens: 5, output_tokens: 1 }),
      {
        type: 'message_delta',
        delta: { stop_reason: 'pause_turn' },
        usage: { output_tokens: 3, server_tool_use: { web_search_requests: 2, web_fetch_requests: -1, odd: 'x' } },
        context_management: edits,
      },
      { type: 'message_stop' },
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'response-end',
      stopReason: 'pause_turn',
      usage: { inputTokens: 5, outputTokens: 3, serverToolRequests: { web_search_requests: 2 } },
      contextManagement: edits,
    });
  });

  it('passes the caller of a tool_use made from code', () => {
    const caller = { type: 'code_execution_20250825', tool_id: 'srvtoolu_1' };
    const { parts } = mapAll([
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 't', name: 'n', input: {}, caller },
      },
    ]);
    expect(parts).toEqual([{ type: 'tool-use-start', index: 0, id: 't', name: 'n', caller }]);
  });

  it('sends a non-empty tool input given at block start as one delta', () => {
    const { parts } = mapAll([
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 't', name: 'n', input: { a: 1 } },
      },
    ]);
    expect(parts).toContainEqual({ type: 'tool-input-delta', index: 0, partialJson: '{"a":1}' });
  });

  it.each([
    ['model_context_window_exceeded', 'max_tokens'],
    ['pause_turn', 'pause_turn'],
    ['refusal', 'refusal'],
    ['something_new', null],
  ])('maps stop reason %s to %s', (wire, expected) => {
    const { parts, finished } = mapAll([
      { type: 'message_delta', delta: { stop_reason: wire }, usage: { output_tokens: 1 } },
      { type: 'message_stop' },
    ]);
    expect(finished).toBe(true);
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: expected });
  });

  it('does not finish without message_stop', () => {
    expect(mapAll([messageStart({ input_tokens: 1, output_tokens: 1 })]).finished).toBe(false);
  });
});
