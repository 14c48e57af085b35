// Pure conversion: an MCP CallToolResult (as received, untrusted) → the engine's ToolOutput. No I/O.
import type { ToolResultContentBlock } from '../engine/message/message';
import type { ToolOutput } from '../engine/tool/tool';

/** Image types the Messages API accepts; anything else becomes a text note. */
export const supportedImageTypes: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

type Part = Record<string, unknown>;

const text = (value: string): ToolResultContentBlock => ({ type: 'text', text: value });
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Decoded size of base64 data, without decoding it. */
export function base64ByteLength(data: string): number {
  const trimmed = data.replace(/\s/g, '');
  const padding = trimmed.endsWith('==') ? 2 : trimmed.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

function convertImage(part: Part): ToolResultContentBlock {
  const mimeType = (asString(part.mimeType) ?? 'unknown').toLowerCase();
  const data = asString(part.data) ?? '';
  if (supportedImageTypes.includes(mimeType) && data !== '') {
    return { type: 'image', source: { type: 'base64', media_type: mimeType, data } };
  }
  return text(
    `[image: ${mimeType}, ${base64ByteLength(data)} bytes, not shown: only PNG, JPEG, GIF and WebP images can be passed on]`,
  );
}

function convertResource(part: Part): ToolResultContentBlock {
  const resource = part.resource as Part | undefined;
  if (typeof resource !== 'object' || resource === null) throw new Error('resource part without a resource');
  const uri = asString(resource.uri) ?? 'unknown URI';
  const mimeType = asString(resource.mimeType);
  const resourceText = asString(resource.text);
  if (resourceText !== undefined)
    return text(`[resource: ${uri}${mimeType === undefined ? '' : `, ${mimeType}`}]\n${resourceText}`);
  const blob = asString(resource.blob) ?? '';
  // The Messages API reads PDFs in tool results as `document` blocks (ENGINE-SPEC §20).
  if (mimeType?.toLowerCase() === 'application/pdf' && blob !== '')
    return {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: blob.replace(/\s/g, '') },
    };
  return text(`[resource: ${uri}, ${mimeType ?? 'binary'}, ${base64ByteLength(blob)} bytes, binary content not shown]`);
}

function convertResourceLink(part: Part): ToolResultContentBlock {
  const name = asString(part.name) ?? asString(part.title) ?? 'resource';
  const uri = asString(part.uri) ?? 'unknown URI';
  const mimeType = asString(part.mimeType);
  return text(`[resource link: ${name} — ${uri}${mimeType === undefined ? '' : ` (${mimeType})`}]`);
}

function convertPart(part: unknown): ToolResultContentBlock {
  if (typeof part !== 'object' || part === null) throw new Error('not an object');
  const record = part as Part;
  switch (record.type) {
    case 'text':
      return text(asString(record.text) ?? '');
    case 'image':
      return convertImage(record);
    case 'audio': {
      const mimeType = asString(record.mimeType) ?? 'unknown';
      return text(`[audio: ${mimeType}, ${base64ByteLength(asString(record.data) ?? '')} bytes]`);
    }
    case 'resource':
      return convertResource(record);
    case 'resource_link':
      return convertResourceLink(record);
    default:
      return text(`[unsupported content part: ${typeof record.type === 'string' ? record.type : 'no type'}]`);
  }
}

/** Whether some text block already is the JSON of `structured` (servers often send both). */
function carriesStructured(blocks: readonly ToolResultContentBlock[], structured: unknown): boolean {
  const canonical = JSON.stringify(structured);
  return blocks.some((block) => {
    if (block.type !== 'text') return false;
    try {
      return JSON.stringify(JSON.parse(block.text)) === canonical;
    } catch {
      return false;
    }
  });
}

/**
 * Converts an MCP tool result into the engine's output. Text stays text; PNG/JPEG/GIF/WebP images become
 * image blocks; an embedded PDF resource (a blob) becomes a document block; every other part becomes a
 * short text note. A part that cannot be read becomes a note too,
 * so one bad part never fails the result. `structuredContent` is kept in `structured` and also added as JSON
 * text when no text part carries it already. `isError` passes through.
 */
export function convertToolResult(result: unknown): ToolOutput {
  const record = typeof result === 'object' && result !== null ? (result as Part) : {};
  const parts: unknown[] = Array.isArray(record.content) ? (record.content as unknown[]) : [];
  const content = parts.map((part, index) => {
    try {
      return convertPart(part);
    } catch (error) {
      return text(
        `[content part ${index + 1} could not be read: ${error instanceof Error ? error.message : String(error)}]`,
      );
    }
  });
  const output: ToolOutput = { content };
  // Older servers answer with `toolResult` instead of `content` (protocol 2024-10-07).
  if (!Array.isArray(record.content) && 'toolResult' in record) {
    output.content = [text(JSON.stringify(record.toolResult))];
  }
  if (record.structuredContent !== undefined) {
    output.structured = record.structuredContent;
    if (!carriesStructured(content, record.structuredContent))
      output.content.push(text(JSON.stringify(record.structuredContent)));
  }
  if (record.isError === true) output.isError = true;
  return output;
}
