// Pure: the tool_result block sent back for one call. No I/O.
import type { ToolResultBlock, ToolResultContentBlock } from '../message/message';
import type { ToolResultStatus } from '../tool/tool';

/** How one tool call ended, as the loop records it. */
export interface ToolCallOutcome {
  callId: string;
  name: string;
  status: ToolResultStatus;
  content: ToolResultContentBlock[];
  /** Whether a retry could help (failures only). */
  retryable?: boolean;
}

/**
 * The `tool_result` for `outcome` (ENGINE-SPEC rule 17): anything but `ok` is `is_error: true` with
 * text-only content; empty content becomes a short note, so the model always reads something.
 */
export function buildToolResult(outcome: ToolCallOutcome): ToolResultBlock {
  if (outcome.status === 'ok') {
    const content = outcome.content.length > 0 ? outcome.content : [{ type: 'text' as const, text: '(no output)' }];
    return { type: 'tool_result', tool_use_id: outcome.callId, content };
  }
  return { type: 'tool_result', tool_use_id: outcome.callId, content: toErrorContent(outcome.content), is_error: true };
}

/** Error results carry text only: images and documents become a note so nothing is silently lost. */
export function toErrorContent(content: readonly ToolResultContentBlock[]): ToolResultContentBlock[] {
  const text = content.map((part): ToolResultContentBlock => {
    if (part.type === 'text') return part;
    const kind = part.type === 'image' ? 'image' : 'document';
    return { type: 'text', text: `[${part.source.media_type} ${kind} omitted from an error result]` };
  });
  return text.length > 0 ? text : [{ type: 'text', text: 'The tool reported an error without details.' }];
}
