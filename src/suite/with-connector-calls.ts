// The MCP connector's calls as a run's tool calls, so expectations judge them like the calls Loupe ran: each
// `mcp_tool_use` of a round's reply becomes a call named `<server_name>__<name>` — the name the same tool has in a
// run through the browser, so one expectation holds on either path — with its input, and its `mcp_tool_result`'s
// content and status. They come before the round's own calls (the API ran them while it answered). Pure.
import type { ApiBlock, ToolResultContentBlock } from '../engine/message/message';
import type { Transcript, TranscriptRound, TranscriptToolCall } from '../engine/transcript/transcript';
import { isRecord } from '../shared/is-record';

function contentOf(result: ApiBlock['block'] | undefined): ToolResultContentBlock[] {
  const content = result?.['content'];
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part): ToolResultContentBlock[] =>
    isRecord(part) && part['type'] === 'text' && typeof part['text'] === 'string'
      ? [{ type: 'text', text: part['text'] }]
      : [],
  );
}

function connectorCallsOf(round: TranscriptRound): TranscriptToolCall[] {
  const blocks = (round.response?.content ?? []).flatMap((block) => (block.type === 'api_block' ? [block.block] : []));
  const at = round.response?.timing.endedAt ?? 0;
  return blocks.flatMap((block): TranscriptToolCall[] => {
    if (block.type !== 'mcp_tool_use' || typeof block['id'] !== 'string' || typeof block['name'] !== 'string')
      return [];
    const id = block['id'];
    const result = blocks.find((other) => other.type === 'mcp_tool_result' && other['tool_use_id'] === id);
    const isError = result === undefined || result['is_error'] === true;
    const server = typeof block['server_name'] === 'string' ? `${block['server_name']}__` : '';
    return [
      {
        id,
        name: `${server}${block['name']}`,
        input: isRecord(block['input']) ? block['input'] : {},
        // No result in the reply: the API did not finish the call (the reply was cut or paused).
        status: result === undefined ? 'not-executed' : isError ? 'tool-error' : 'ok',
        isError,
        content: contentOf(result),
        timing: { queuedAt: at, endedAt: at, durationMs: 0 },
        edits: [],
      },
    ];
  });
}

/** `transcript` with each round's connector calls among its tool calls (the same object when there are none). */
export function withConnectorCalls(transcript: Transcript): Transcript {
  const calls = transcript.rounds.map(connectorCallsOf);
  if (calls.every((list) => list.length === 0)) return transcript;
  return {
    ...transcript,
    rounds: transcript.rounds.map((round, index) => ({
      ...round,
      toolCalls: [...(calls[index] ?? []), ...round.toolCalls],
    })),
  };
}
