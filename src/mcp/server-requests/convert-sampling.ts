// Converts a server's sampling request into the messages a model takes, and the model's answer back.
import type { CreateMessageResult } from '@modelcontextprotocol/client';
import type { ImageBlock, TextBlock } from '../../engine/message/message';
import type { SamplingPrompt } from '../../protocol/mcp-feature-messages';
import type { SamplingParams } from './mcp-client-handlers';

type SamplingPart = SamplingParams['messages'][number]['content'];

function convertPart(part: unknown): TextBlock | ImageBlock {
  const content = part as { type?: string; text?: string; data?: string; mimeType?: string };
  if (content.type === 'text' && typeof content.text === 'string') return { type: 'text', text: content.text };
  if (content.type === 'image' && typeof content.data === 'string')
    return {
      type: 'image',
      source: { type: 'base64', media_type: content.mimeType ?? 'image/png', data: content.data },
    };
  return { type: 'text', text: `[${content.type ?? 'unknown'} content left out]` };
}

function convertContent(content: SamplingPart): (TextBlock | ImageBlock)[] {
  return (Array.isArray(content) ? (content as unknown[]) : [content]).map(convertPart);
}

/** The request as the approval dialog shows it and the model receives it (without ids). */
export function toSamplingPrompt(
  params: SamplingParams,
): Omit<SamplingPrompt, 'requestId' | 'serverId' | 'serverName'> {
  const hints = params.modelPreferences?.hints?.flatMap((hint) => (hint.name === undefined ? [] : [hint.name]));
  return {
    ...(params.systemPrompt === undefined ? {} : { systemPrompt: params.systemPrompt }),
    messages: params.messages.map((message) => ({ role: message.role, content: convertContent(message.content) })),
    maxTokens: params.maxTokens,
    ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
    ...(hints === undefined || hints.length === 0 ? {} : { modelHints: hints }),
  };
}

/** The sampling answer for the server: the model's text, which model wrote it and why it stopped. */
export function toSamplingResult(text: string, model: string, stopReason: string | null): CreateMessageResult {
  return {
    role: 'assistant',
    content: { type: 'text', text },
    model,
    ...(stopReason === null
      ? {}
      : { stopReason: stopReason === 'end_turn' ? 'endTurn' : stopReason === 'max_tokens' ? 'maxTokens' : stopReason }),
  };
}

export { SamplingDeclinedError } from './sampling-declined-error';
