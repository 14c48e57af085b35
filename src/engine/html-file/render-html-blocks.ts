// Pure: a transcript's content blocks as static HTML — every text escaped, images only as inline data under a cap.
import type { ContentBlock, ToolResultContentBlock } from '../message/message';
import type { TranscriptToolCall } from '../transcript/transcript';
import { escapeHtml } from './escape-html';

/** Inline media larger than this (base64 characters) is left out of the file, with a note: the file stays small. */
export const MAX_INLINE_MEDIA_CHARS = 1_000_000;

/** Image types a browser shows from a data: URL and that cannot run script (SVG can, so it is never inlined). */
const SHOWN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const pre = (text: string) => `<pre>${escapeHtml(text)}</pre>`;
const note = (text: string) => `<p class="note">${escapeHtml(text)}</p>`;

function renderImage(mediaType: string, data: string): string {
  if (!SHOWN_IMAGE_TYPES.has(mediaType) || !BASE64.test(data)) return note(`An image (${mediaType}) is not shown.`);
  if (data.length > MAX_INLINE_MEDIA_CHARS)
    return note(
      `An image (${mediaType}, ${Math.round((data.length * 3) / 4 / 1024)} KB) was left out: over the file's cap.`,
    );
  return `<img alt="image" src="data:${mediaType};base64,${data}">`;
}

/** One block of a message or a tool result. */
export function renderBlock(block: ContentBlock | ToolResultContentBlock): string {
  switch (block.type) {
    case 'text':
      return pre(block.text);
    case 'image':
      return renderImage(block.source.media_type, block.source.data);
    case 'thinking':
      return `<details><summary>Thinking</summary>${pre(block.thinking)}</details>`;
    case 'redacted_thinking':
      return note('Redacted thinking (encrypted by the provider).');
    case 'document':
      return block.source.type === 'text'
        ? `<details><summary>Document (text)</summary>${pre(block.source.data)}</details>`
        : note('A PDF document (not shown in this file).');
    case 'tool_use':
      // Shown with its result under the round's tool calls.
      return '';
    case 'tool_result':
      return block.content.map(renderBlock).join('');
    case 'api_block':
      return `<details><summary>${escapeHtml(block.block.type)}</summary>${pre(JSON.stringify(block.block, null, 2))}</details>`;
  }
}

/** A tool call with its input, status and result. */
export function renderToolCall(call: TranscriptToolCall): string {
  const failed = call.isError || call.status !== 'ok';
  return `<div class="call${failed ? ' error' : ''}" role="group" aria-label="${escapeHtml(`${call.name} ${call.status}`)}">
<strong>${escapeHtml(call.name)}</strong> <span>${escapeHtml(call.status)}</span>, ${call.timing.durationMs} ms
<div>Input</div>${pre(JSON.stringify(call.input, null, 2))}<div>Result</div>${call.content.map(renderBlock).join('')}</div>`;
}
