// Pure: builds a block of the API's own (server tools, MCP connector, compaction, unknown types) from its stream
// events, the way the SDK's own message accumulator does, so the block kept is the block the API meant. No I/O.
import type { ApiBlock, ApiJson, ApiJsonObject } from '../../engine/message/message';

type RawBlock = ApiBlock['block'];

/** A block between its `content_block_start` and `content_block_stop`: what it is so far, and its input's JSON. */
export interface PendingApiBlock {
  block: RawBlock;
  /** `input_json_delta` pieces so far (server_tool_use, mcp_tool_use and any type that streams an input). */
  json: string;
}

/** The block types the engine has its own counterparts for; every other type is kept whole as an API block. */
const engineTypes: ReadonlySet<string> = new Set(['text', 'thinking', 'redacted_thinking', 'tool_use']);

/** Whether `block` (a `content_block_start`'s block) is kept whole rather than mapped to engine parts. */
export function isApiBlockStart(block: unknown): block is RawBlock {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) return false;
  const type = (block as { type?: unknown }).type;
  return typeof type === 'string' && !engineTypes.has(type);
}

/** The pending block a `content_block_start` opens (its block as sent; result blocks arrive whole here). */
export function startApiBlock(block: RawBlock): PendingApiBlock {
  return { block, json: '' };
}

/** `pending` with one `content_block_delta`'s delta applied; a delta of a kind it cannot take leaves it as it is. */
export function applyApiBlockDelta(pending: PendingApiBlock, delta: unknown): PendingApiBlock {
  if (typeof delta !== 'object' || delta === null) return pending;
  const { block } = pending;
  const fields = delta as Record<string, ApiJson | undefined>;
  switch (fields.type) {
    case 'input_json_delta':
      return typeof fields.partial_json === 'string'
        ? { ...pending, json: pending.json + fields.partial_json }
        : pending;
    case 'text_delta':
      return typeof fields.text === 'string' && typeof block.text === 'string'
        ? { ...pending, block: { ...block, text: block.text + fields.text } }
        : pending;
    case 'citations_delta': {
      if (!isObject(fields.citation)) return pending;
      const citations = Array.isArray(block.citations) ? block.citations : [];
      return { ...pending, block: { ...block, citations: [...citations, fields.citation] } };
    }
    case 'compaction_delta': {
      // The delta carries the block's final value (the SDK assigns it too); `encrypted_content` only when sent.
      const next: RawBlock = { ...block, content: fields.content ?? null };
      if ('encrypted_content' in fields) next.encrypted_content = fields.encrypted_content ?? null;
      return { ...pending, block: next };
    }
    default:
      return pending;
  }
}

/**
 * The finished block: its streamed input parsed into `input` (in the key's place), when it streamed one that
 * parses to an object. Input that does not parse leaves the start's `input` as it was (the block still goes back
 * as the API began it; the API validated its own call).
 */
export function finishApiBlock(pending: PendingApiBlock): RawBlock {
  if (pending.json === '') return pending.block;
  try {
    const input: unknown = JSON.parse(pending.json);
    return isObject(input) ? { ...pending.block, input } : pending.block;
  } catch {
    return pending.block;
  }
}

function isObject(value: unknown): value is ApiJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
