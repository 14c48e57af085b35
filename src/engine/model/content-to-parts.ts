// Pure: a finished reply's content as the stream parts a provider would have sent for it. No I/O.
import type { ContentBlock } from '../message/message';
import type { ModelStreamPart } from './model';

/** How finely text and tool input are split into deltas; absent = each in one delta. */
export interface PartChunking {
  /** Characters per `text-delta`. */
  textChunk?: number;
  /** How many `tool-input-delta` pieces a tool input's JSON is cut into. */
  jsonPieces?: number;
}

/**
 * The stream parts of `content`, block by block with their content indexes: text (in deltas), tool_use
 * (start, its input's JSON in pieces), thinking (with its signature), redacted thinking and the API's own blocks
 * (whole), each closed by
 * `block-end`. Other blocks are not part of a reply and give nothing. Models that replay a reply (the
 * scripted test model, the replay provider) stream these.
 */
export function contentToParts(content: readonly ContentBlock[], chunking: PartChunking = {}): ModelStreamPart[] {
  return content.flatMap((block, index): ModelStreamPart[] => {
    switch (block.type) {
      case 'text':
        return [
          { type: 'text-start', index },
          ...(block.citations ?? []).map((citation) => ({ type: 'citation' as const, index, citation })),
          ...split(block.text, chunking.textChunk).map((text) => ({ type: 'text-delta' as const, index, text })),
          { type: 'block-end', index },
        ];
      case 'tool_use': {
        const json = JSON.stringify(block.input);
        const size = chunking.jsonPieces === undefined ? undefined : Math.ceil(json.length / chunking.jsonPieces);
        return [
          block.caller === undefined
            ? { type: 'tool-use-start', index, id: block.id, name: block.name }
            : { type: 'tool-use-start', index, id: block.id, name: block.name, caller: block.caller },
          ...split(json, size).map((partialJson) => ({ type: 'tool-input-delta' as const, index, partialJson })),
          { type: 'block-end', index },
        ];
      }
      case 'thinking':
        return [
          { type: 'thinking-start', index },
          { type: 'thinking-delta', index, thinking: block.thinking },
          { type: 'signature-delta', index, signature: block.signature },
          { type: 'block-end', index },
        ];
      case 'redacted_thinking':
        return [
          { type: 'redacted-thinking', index, data: block.data },
          { type: 'block-end', index },
        ];
      case 'api_block':
        return [
          { type: 'api-block', index, block: block.block },
          { type: 'block-end', index },
        ];
      default:
        return [];
    }
  });
}

/** `value` in pieces of `size` (at least 1); one piece — even an empty one — when `size` is absent. */
function split(value: string, size: number | undefined): string[] {
  if (size === undefined) return [value];
  const step = Math.max(1, size);
  const pieces: string[] = [];
  for (let start = 0; start < value.length; start += step) pieces.push(value.slice(start, start + step));
  return pieces;
}
