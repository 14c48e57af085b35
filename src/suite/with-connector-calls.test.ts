import { describe, expect, it } from 'vitest';
import type { Transcript, TranscriptRound } from '../engine/transcript/transcript';
import { withConnectorCalls } from './with-connector-calls';

const api = (block: Record<string, unknown> & { type: string }) => ({ type: 'api_block' as const, block });

function transcriptWith(content: unknown[]) {
  const round = {
    round: 1,
    toolCalls: [],
    response: { content, timing: { startedAt: 1, endedAt: 5, durationMs: 4 } },
  } as unknown as TranscriptRound;
  return { rounds: [round] } as unknown as Transcript;
}

describe('withConnectorCalls', () => {
  it('turns each mcp_tool_use into a call named as the browser path names it, with its result and status', () => {
    const transcript = transcriptWith([
      api({ type: 'mcp_tool_use', id: 'm1', name: 'search', server_name: 'docs', input: { q: 'x' } }),
      api({ type: 'mcp_tool_result', tool_use_id: 'm1', is_error: false, content: [{ type: 'text', text: 'hit' }] }),
      api({ type: 'mcp_tool_use', id: 'm2', name: 'fetch', server_name: 'docs', input: 'not an object' }),
      api({ type: 'mcp_tool_result', tool_use_id: 'm2', is_error: true, content: 'refused' }),
      api({ type: 'mcp_tool_use', id: 'm3', name: 'cut', input: {} }),
      api({ type: 'server_tool_use', id: 's1', name: 'web_search', input: {} }),
      { type: 'text', text: 'done' },
    ]);
    const calls = withConnectorCalls(transcript).rounds[0]?.toolCalls ?? [];
    expect(calls.map((call) => [call.name, call.status, call.isError])).toEqual([
      ['docs__search', 'ok', false],
      ['docs__fetch', 'tool-error', true],
      ['cut', 'not-executed', true],
    ]);
    expect(calls[0]?.input).toEqual({ q: 'x' });
    expect(calls[0]?.content).toEqual([{ type: 'text', text: 'hit' }]);
    expect(calls[1]?.input).toEqual({});
    expect(calls[1]?.content).toEqual([{ type: 'text', text: 'refused' }]);
  });

  it('leaves a run without connector calls as it is', () => {
    const transcript = transcriptWith([{ type: 'text', text: 'hi' }]);
    expect(withConnectorCalls(transcript)).toBe(transcript);
  });
});
