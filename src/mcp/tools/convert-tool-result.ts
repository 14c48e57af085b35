// Pure conversion: an MCP CallToolResult (as received, untrusted) → the engine's ToolOutput. No I/O.
import type { ToolResultContentBlock } from '../../engine/message/message';
import type { ToolOutput } from '../../engine/tool/tool';
import { base64ByteLength, checkImageData, formatBytes, isPdfBase64 } from '../../engine/message/check-image-data';
import { DEFAULT_RESULT_CAPS, type ResultCaps } from './result-caps';
import { measureValueDepth } from '../../shared/json-depth';
import { isRecord } from '../../shared/is-record';

export { base64ByteLength, supportedImageTypes } from '../../engine/message/check-image-data';

type Part = Record<string, unknown>;

const text = (value: string): ToolResultContentBlock => ({ type: 'text', text: value });
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What one result has spent of its caps so far (images counted, media bytes, text characters). */
interface Spent {
  images: number;
  mediaBytes: number;
  textChars: number;
}

function convertImage(part: Part, caps: ResultCaps, spent: Spent): ToolResultContentBlock {
  const mimeType = asString(part.mimeType) ?? 'unknown';
  const checked = checkImageData(mimeType, asString(part.data) ?? '', caps.maxImageBytes);
  const note = (reason: string) => text(`[image: ${mimeType}, ${formatBytes(checked.bytes)}, not shown: ${reason}]`);
  if (!checked.ok) return note(checked.reason);
  if (spent.images >= caps.maxImagesPerResult)
    return note(`a result may carry at most ${caps.maxImagesPerResult} images`);
  if (spent.mediaBytes + checked.bytes > caps.maxMediaBytesPerResult)
    return note(`the result's images and documents would pass ${formatBytes(caps.maxMediaBytesPerResult)}`);
  spent.images += 1;
  spent.mediaBytes += checked.bytes;
  return { type: 'image', source: { type: 'base64', media_type: checked.mediaType, data: checked.data } };
}

function convertPdf(uri: string, blob: string, caps: ResultCaps, spent: Spent): ToolResultContentBlock {
  const data = blob.replace(/[\r\n\t ]/g, '');
  const bytes = base64ByteLength(data);
  const note = (reason: string) =>
    text(`[resource: ${uri}, application/pdf, ${formatBytes(bytes)}, not shown: ${reason}]`);
  if (spent.mediaBytes + bytes > caps.maxMediaBytesPerResult)
    return note(`the result's images and documents would pass ${formatBytes(caps.maxMediaBytesPerResult)}`);
  if (!isPdfBase64(data)) return note('its data is not base64 of a PDF');
  spent.mediaBytes += bytes;
  return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data } };
}

function convertResource(part: Part, caps: ResultCaps, spent: Spent): ToolResultContentBlock {
  const resource = part.resource as Part | undefined;
  if (typeof resource !== 'object' || resource === null) throw new Error('resource part without a resource');
  const uri = asString(resource.uri) ?? 'unknown URI';
  const mimeType = asString(resource.mimeType);
  const resourceText = asString(resource.text);
  if (resourceText !== undefined)
    return text(`[resource: ${uri}${mimeType === undefined ? '' : `, ${mimeType}`}]\n${resourceText}`);
  const blob = asString(resource.blob) ?? '';
  // The Messages API reads PDFs in tool results as `document` blocks (ENGINE-SPEC §20).
  if (mimeType?.toLowerCase() === 'application/pdf' && blob !== '') return convertPdf(uri, blob, caps, spent);
  return text(`[resource: ${uri}, ${mimeType ?? 'binary'}, ${base64ByteLength(blob)} bytes, binary content not shown]`);
}

function convertResourceLink(part: Part): ToolResultContentBlock {
  const name = asString(part.name) ?? asString(part.title) ?? 'resource';
  const uri = asString(part.uri) ?? 'unknown URI';
  const mimeType = asString(part.mimeType);
  return text(`[resource link: ${name} — ${uri}${mimeType === undefined ? '' : ` (${mimeType})`}]`);
}

function convertText(value: unknown, caps: ResultCaps, spent: Spent): ToolResultContentBlock {
  if (typeof value !== 'string') throw new Error('a text part without text');
  const left = caps.maxTextChars - spent.textChars;
  spent.textChars += value.length;
  if (value.length <= left) return text(value);
  return text(
    `${value.slice(0, Math.max(0, left))}\n[… text cut here: a result may carry at most ${caps.maxTextChars} characters]`,
  );
}

function convertPart(part: unknown, caps: ResultCaps, spent: Spent): ToolResultContentBlock {
  if (typeof part !== 'object' || part === null || Array.isArray(part)) throw new Error('not an object');
  const record = part as Part;
  switch (record.type) {
    case 'text':
      return convertText(record.text, caps, spent);
    case 'image':
      return convertImage(record, caps, spent);
    case 'audio': {
      const mimeType = asString(record.mimeType) ?? 'unknown';
      return text(`[audio: ${mimeType}, ${base64ByteLength(asString(record.data) ?? '')} bytes]`);
    }
    case 'resource':
      return convertResource(record, caps, spent);
    case 'resource_link':
      return convertResourceLink(record);
    default:
      return text(
        `[unsupported content part: ${typeof record.type === 'string' ? record.type.slice(0, 80) : 'no type'}]`,
      );
  }
}

/**
 * Whether `structuredContent` may be kept (for an MCP App and the trace): a JSON object within the caps on
 * depth (measured without recursion, before anything serialises it) and on the characters of its JSON.
 */
function checkStructured(value: unknown, caps: ResultCaps): { ok: true; json: string } | { ok: false; reason: string } {
  if (measureValueDepth(value, caps.maxStructuredDepth) > caps.maxStructuredDepth)
    return { ok: false, reason: `it nests more than ${caps.maxStructuredDepth} levels deep` };
  const json = JSON.stringify(value);
  if (json.length > caps.maxStructuredChars)
    return {
      ok: false,
      reason: `${json.length.toLocaleString('en')} characters of JSON; at most ${caps.maxStructuredChars.toLocaleString('en')} are kept`,
    };
  return { ok: true, json };
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
 * Converts an MCP tool result (raw, unvalidated JSON) into the engine's output, part by part. Text stays
 * text; PNG/JPEG/GIF/WebP images that pass `checkImageData` become image blocks; an embedded PDF resource
 * (a blob) becomes a document block; every other part becomes a short text note. A part that cannot be
 * read, an unknown part type, a bad image or one past `caps` (images per result, bytes per image, media
 * bytes and text per result; `DEFAULT_RESULT_CAPS`) becomes a note too, so one bad part never fails the
 * result and nothing the model API would refuse gets through. At most `caps.maxParts` parts are read.
 * `structuredContent` is kept in `structured` and also added as JSON text when no text part carries it
 * already. `isError: true` passes through.
 */
export function convertToolResult(result: unknown, caps: ResultCaps = DEFAULT_RESULT_CAPS): ToolOutput {
  const record = typeof result === 'object' && result !== null ? (result as Part) : {};
  const all: unknown[] = Array.isArray(record.content) ? (record.content as unknown[]) : [];
  const parts = all.slice(0, caps.maxParts);
  const spent: Spent = { images: 0, mediaBytes: 0, textChars: 0 };
  const content = parts.map((part, index) => {
    try {
      return convertPart(part, caps, spent);
    } catch (error) {
      return text(
        `[content part ${index + 1} could not be read: ${error instanceof Error ? error.message : String(error)}]`,
      );
    }
  });
  if (all.length > parts.length)
    content.push(
      text(`[${all.length - parts.length} more content parts not shown: at most ${caps.maxParts} are read]`),
    );
  if (typeof result !== 'object' || result === null || Array.isArray(result))
    content.push(text('[the server answered with something that is not a tool result]'));
  const output: ToolOutput = { content };
  // Older servers answer with `toolResult` instead of `content` (protocol 2024-10-07).
  if (!Array.isArray(record.content) && 'toolResult' in record) {
    output.content = [convertText(JSON.stringify(record.toolResult) ?? '', caps, spent)];
  }
  if (record.structuredContent !== undefined) {
    const kept = checkStructured(record.structuredContent, caps);
    if (kept.ok) {
      // Only an object is structured content (the spec's type); anything else still reaches the model as JSON.
      if (isRecord(record.structuredContent)) output.structured = record.structuredContent;
      if (!carriesStructured(content, record.structuredContent))
        output.content.push(convertText(kept.json, caps, spent));
    } else output.content.push(text(`[structuredContent not kept: ${kept.reason}]`));
  }
  if (record.isError === true) output.isError = true;
  return output;
}
