// Loupe's messages (Messages API blocks) as the GenAI conventions' message JSON (gen-ai-input-messages.json,
// gen-ai-output-messages.json): role + parts. Tool results become `tool` messages, as the conventions model them.
import type { ContentBlock, Message, ToolResultContentBlock } from '../message/message';

/** One part of a GenAI message. */
export type GenAiPart =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: unknown }
  | { type: 'blob'; modality: string; mime_type: string; content: string };

/** One GenAI message; `finish_reason` only on output messages. */
export interface GenAiMessage {
  role: 'user' | 'assistant' | 'tool';
  parts: GenAiPart[];
  finish_reason?: string;
}

function resultPart(block: ToolResultContentBlock): GenAiPart {
  if (block.type === 'text') return { type: 'text', content: block.text };
  if (block.type === 'image') {
    return { type: 'blob', modality: 'image', mime_type: block.source.media_type, content: block.source.data };
  }
  return { type: 'blob', modality: 'document', mime_type: block.source.media_type, content: block.source.data };
}

/** A tool result's content as the `response` of a `tool_call_response` part: its text, or its parts when not all text. */
export function toolResponseOf(content: ToolResultContentBlock[]): unknown {
  if (content.every((block) => block.type === 'text')) return content.map((block) => block.text).join('\n');
  return content.map(resultPart);
}

function partOf(block: ContentBlock): GenAiPart | null {
  switch (block.type) {
    case 'text':
      return { type: 'text', content: block.text };
    case 'thinking':
      return { type: 'reasoning', content: block.thinking };
    // Encrypted thinking carries nothing readable; the conventions have no part for it.
    case 'redacted_thinking':
      return null;
    case 'tool_use':
      return { type: 'tool_call', id: block.id, name: block.name, arguments: block.input };
    case 'tool_result':
      return { type: 'tool_call_response', id: block.tool_use_id, response: toolResponseOf(block.content) };
    case 'image':
    case 'document':
      return resultPart(block);
  }
}

/** The messages as GenAI messages: a user message's tool results split off into a `tool` message before the rest. */
export function toGenAiMessages(messages: readonly Message[]): GenAiMessage[] {
  return messages.flatMap((message): GenAiMessage[] => {
    const parts = message.content.flatMap((block) => partOf(block) ?? []);
    if (message.role === 'assistant') return [{ role: 'assistant', parts }];
    const results = parts.filter((part) => part.type === 'tool_call_response');
    const rest = parts.filter((part) => part.type !== 'tool_call_response');
    return [
      ...(results.length > 0 ? [{ role: 'tool' as const, parts: results }] : []),
      ...(rest.length > 0 || results.length === 0 ? [{ role: 'user' as const, parts: rest }] : []),
    ];
  });
}

/** A reply as the one output message of a round, its finish reason the provider's own. */
export function toGenAiOutput(content: readonly ContentBlock[], finishReason: string | null): GenAiMessage[] {
  const parts = content.flatMap((block) => partOf(block) ?? []);
  return [{ role: 'assistant', parts, ...(finishReason !== null ? { finish_reason: finishReason } : {}) }];
}
