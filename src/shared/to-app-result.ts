// A tool result as an MCP App reads it (`tools/call` result, `ui/notifications/tool-result`). Pure, imports nothing.

import { isRecord } from './is-record';

/** The blocks of a result as the timeline holds them (the engine's `ToolResultContentBlock`, structurally). */
export type TimelineResultBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'document'; source: unknown };

/** A `tools/call` result in MCP's shape (`McpAppToolResult` of the protocol). */
export interface AppToolResult {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** The last text part that parses as a JSON object: the JSON text Loupe adds for `structuredContent`. */
function recoverStructured(content: readonly TimelineResultBlock[]): Record<string, unknown> | undefined {
  for (const block of [...content].reverse()) {
    if (block.type !== 'text' || !block.text.trimStart().startsWith('{')) continue;
    try {
      const parsed: unknown = JSON.parse(block.text);
      return isRecord(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The call's content as MCP content blocks (text and images; documents as a note) with `structured` — the
 * server's own `structuredContent`, which the worker keeps — as `structuredContent`. When there is none
 * (a person edited the result, or a run recorded before it was kept) the last text part that parses as a
 * JSON object stands in for it: an edited result is what the app should read.
 */
export function toAppResult(
  content: readonly TimelineResultBlock[],
  isError: boolean,
  structured?: Record<string, unknown>,
): AppToolResult {
  const blocks = content.map((block) => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (block.type === 'image') return { type: 'image', data: block.source.data, mimeType: block.source.media_type };
    return { type: 'text', text: '[A document part, not shown to apps.]' };
  });
  const structuredContent = structured ?? recoverStructured(content);
  return {
    content: blocks,
    ...(structuredContent === undefined ? {} : { structuredContent }),
    ...(isError ? { isError: true } : {}),
  };
}
