// A finished call's result as an MCP App reads it (`ui/notifications/tool-result`).
import type { ToolResultContentBlock } from '../../engine/message/message';
import type { McpAppToolResult } from '../../protocol/mcp-app-messages';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The call's content as MCP content blocks (text and images; documents as a note). The timeline keeps the
 * result as the model saw it, where a server's `structuredContent` is the JSON text Loupe added after the
 * other parts (`convertToolResult`), so the last text part that parses as a JSON object is handed back as
 * `structuredContent`, which is what apps read.
 */
export function toAppResult(content: readonly ToolResultContentBlock[], isError: boolean): McpAppToolResult {
  const blocks = content.map((block) => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (block.type === 'image') return { type: 'image', data: block.source.data, mimeType: block.source.media_type };
    return { type: 'text', text: '[A document part, not shown to apps.]' };
  });
  let structuredContent: Record<string, unknown> | undefined;
  for (const block of [...content].reverse()) {
    if (block.type !== 'text' || !block.text.trimStart().startsWith('{')) continue;
    try {
      const parsed: unknown = JSON.parse(block.text);
      if (isPlainObject(parsed)) structuredContent = parsed;
    } catch {
      // Text that only looks like JSON.
    }
    break;
  }
  return {
    content: blocks,
    ...(structuredContent === undefined ? {} : { structuredContent }),
    ...(isError ? { isError: true } : {}),
  };
}
