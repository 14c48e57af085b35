// Pure: neutral GenAI messages as Anthropic-shaped history (the engine's own): tool responses become
// `tool_result` blocks of a user message, tool calls `tool_use` blocks; reasoning without a signature cannot be
// sent back, so it is left out (counted, for a note).
import type { ContentBlock, Message, ToolResultContentBlock } from '../../message/message';
import { isRecord } from '../../../shared/is-record';
import { textOf, type GenAiMessage } from './genai-message-parts';

/** Result content as blocks: a text stays text, anything else its JSON. */
export function resultBlocks(response: unknown): ToolResultContentBlock[] {
  if (typeof response === 'string') return [{ type: 'text', text: response }];
  if (Array.isArray(response) && response.every((item) => isRecord(item) && item['type'] === 'text'))
    return response.map((item) => ({ type: 'text', text: textOf((item as Record<string, unknown>)['text']) }));
  return [{ type: 'text', text: JSON.stringify(response ?? null) }];
}

export interface AnthropicHistory {
  messages: Message[];
  droppedReasoning: number;
}

/** The messages in order; consecutive messages of one role are joined (the API wants them alternating). */
export function genAiToAnthropic(messages: readonly GenAiMessage[], callId: (id: string) => string): AnthropicHistory {
  const out: Message[] = [];
  let droppedReasoning = 0;
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const content: ContentBlock[] = [];
    for (const part of message.parts) {
      if (part.type === 'text') {
        if (part.text !== '') content.push({ type: 'text', text: part.text });
      } else if (part.type === 'reasoning') droppedReasoning += 1;
      else if (part.type === 'tool_call' && role === 'assistant')
        content.push({
          type: 'tool_use',
          id: callId(part.id),
          name: part.name || 'unnamed_tool',
          input: isRecord(part.arguments)
            ? part.arguments
            : part.arguments === undefined || part.arguments === ''
              ? {}
              : { value: part.arguments },
        });
      else if (part.type === 'tool_call_response')
        content.push({ type: 'tool_result', tool_use_id: callId(part.id), content: resultBlocks(part.response) });
    }
    if (content.length === 0) continue;
    const last = out.at(-1);
    if (last && last.role === role) last.content = [...last.content, ...content];
    else out.push({ role, content });
  }
  return { messages: out, droppedReasoning };
}
