// Pure: the text line that stands in for a PDF where an API cannot take documents in tool results.
import type { DocumentBlock } from '../engine/message/message';

/** Decoded size of base64 data, without decoding it. */
function base64ByteLength(data: string): number {
  const trimmed = data.replace(/\s/g, '');
  const padding = trimmed.endsWith('==') ? 2 : trimmed.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

/** The line naming a PDF document (and its size) that a model's API cannot receive in a tool result. */
export function documentPlaceholder(document: DocumentBlock): string {
  const bytes =
    document.source.type === 'base64' ? base64ByteLength(document.source.data) : document.source.data.length;
  return `[PDF document: ${bytes} bytes — this model's API takes no documents in tool results]`;
}
