// Pure: one line in plain words for a block of the API's own (summaries, briefs, diffs). No I/O.
import type { ApiBlock, ApiJson } from './message';

/** The most characters of a block's input or result quoted in its description. */
const QUOTE_CHARS = 200;

function quote(value: ApiJson | undefined): string {
  const json = JSON.stringify(value ?? null);
  return json.length <= QUOTE_CHARS ? json : `${json.slice(0, QUOTE_CHARS)}…`;
}

/**
 * `block` as one bracketed line: a server or MCP connector call with its name and input, a result with the
 * call it answers, compaction and any other block by its type. Never throws, whatever the block holds.
 */
export function describeApiBlock({ block }: ApiBlock): string {
  const type = String(block.type);
  if (type === 'server_tool_use' || type === 'mcp_tool_use') {
    const server = typeof block.server_name === 'string' ? ` on ${block.server_name}` : '';
    const name = typeof block.name === 'string' ? block.name : quote(block.name);
    return `[${type} ${name}${server}] ${quote(block.input)}`;
  }
  if (typeof block.tool_use_id === 'string') return `[${type} for ${block.tool_use_id}] ${quote(block.content)}`;
  if (type === 'compaction' && typeof block.content === 'string') return `[compaction] ${quote(block.content)}`;
  return `[${type}]`;
}
