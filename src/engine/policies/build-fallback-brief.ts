// Pure: the Markdown brief of Yao's fallback delegate and the final-answer note (ENGINE-SPEC rule 8). No I/O.
import { describeApiBlock } from '../message/describe-api-block';
import type { ContentBlock, Message } from '../message/message';

/** Appended after the last tool results when a limit asks for a final answer (`final-answer`). */
export function finalAnswerNote(detail: string): string {
  return (
    `[The run reached its limit: ${detail}. Tools can no longer be called. Answer the user now from what ` +
    'is known so far, and say briefly what is still missing.]'
  );
}

/** The system prompt of the fresh request that answers from the brief (`fallback-brief`). */
export const FALLBACK_BRIEF_SYSTEM =
  'You answer a user on behalf of an assistant that ran out of budget. Everything known is in the brief. ' +
  "Answer in the user's language (the language of the user's messages in the brief), directly, without " +
  'mentioning the brief.';

const fence = (value: string): string => `\`\`\`\n${value.replace(/```/g, '`\u200b``')}\n\`\`\``;

function describeBlock(block: ContentBlock, names: Map<string, string>): string | undefined {
  switch (block.type) {
    case 'text':
      return block.text.trim() === '' ? undefined : block.text;
    case 'tool_use':
      names.set(block.id, block.name);
      return `Called tool \`${block.name}\` with:\n${fence(JSON.stringify(block.input))}`;
    case 'tool_result': {
      const text = block.content
        .map((part) =>
          part.type === 'text'
            ? part.text
            : `[${part.source.media_type} ${part.type === 'image' ? 'image' : 'document'}]`,
        )
        .join('\n');
      const name = names.get(block.tool_use_id) ?? 'a tool';
      return block.is_error === true
        ? `Result of \`${name}\`: Error: ${text}`
        : `Result of \`${name}\`:\n${fence(text)}`;
    }
    case 'image':
      return `[${block.source.media_type} image]`;
    case 'document':
      return '[document]';
    case 'thinking':
    case 'redacted_thinking':
      return undefined;
    case 'api_block':
      return describeApiBlock(block);
  }
}

/**
 * The whole context as one Markdown brief: the assistant's instructions, then the conversation turn by
 * turn with tool calls, results and errors (as `Error: …`), and what to do with it.
 */
export function buildFallbackBrief(system: string | undefined, messages: readonly Message[], detail: string): string {
  const names = new Map<string, string>();
  const turns = messages.flatMap((message) => {
    const parts = message.content.flatMap((block) => describeBlock(block, names) ?? []);
    if (parts.length === 0) return [];
    const toolTurn = message.role === 'user' && message.content.every((block) => block.type === 'tool_result');
    const heading = toolTurn ? 'Tool results' : message.role === 'user' ? 'User' : 'Assistant';
    return [`### ${heading}\n\n${parts.join('\n\n')}`];
  });
  return [
    '# Brief',
    `The assistant stopped before it finished (${detail}). Answer the user's last request from what is below.`,
    ...(system === undefined || system.trim() === '' ? [] : ['## Assistant context', system]),
    '## Conversation',
    ...turns,
    "## Your task\nAnswer the user's last request now, in the user's language, from the facts above. If something could not be found out, say so.",
  ].join('\n\n');
}
