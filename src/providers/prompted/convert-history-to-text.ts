// Rewrites tool traffic as plain text for a model that has no tool fields: calls as the JSON it wrote,
// results as user text it can read. Pure.
import { describeApiBlock } from '../../engine/message/describe-api-block';
import type { ContentBlock, Message } from '../../engine/message/message';
import { documentPlaceholder } from '../document-placeholder';

/** The reply text a prompted call is written as (and parsed back from). */
export function renderPromptedCall(name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ name, arguments: args });
}

function convertBlock(block: ContentBlock, names: Map<string, string>): ContentBlock[] {
  switch (block.type) {
    case 'tool_use':
      return [{ type: 'text', text: renderPromptedCall(block.name, block.input) }];
    case 'tool_result': {
      const name = names.get(block.tool_use_id) ?? 'the tool';
      const label = block.is_error ? 'Error from' : 'Result of';
      const text = block.content
        .flatMap((part) => {
          if (part.type === 'text') return [part.text];
          return part.type === 'document' ? [documentPlaceholder(part)] : [];
        })
        .join('\n');
      const images = block.content.filter((part) => part.type === 'image');
      const imageNote = images.length > 0 ? `\n(${images.length} image(s) follow.)` : '';
      return [
        { type: 'text', text: `${label} ${name} (call ${block.tool_use_id}):\n${text || '(empty)'}${imageNote}` },
        ...images,
      ];
    }
    case 'api_block':
      // A block of the Anthropic API's own tools: a prompted model reads what it was, as text.
      return [{ type: 'text', text: describeApiBlock(block) }];
    case 'redacted_thinking':
      // Opaque, encrypted and meaningful only to the model that wrote it: nothing a prompted model can read.
      return [];
    default:
      return [block];
  }
}

/** The history with `tool_use` and `tool_result` blocks turned into text (images of results kept after their text). */
export function convertHistoryToText(messages: readonly Message[]): Message[] {
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const block of message.content) if (block.type === 'tool_use') names.set(block.id, block.name);
  }
  return messages.map((message) => ({
    role: message.role,
    content: message.content.flatMap((block) => convertBlock(block, names)),
  }));
}
