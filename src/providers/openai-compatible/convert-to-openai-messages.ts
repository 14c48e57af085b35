// Converts the engine's Anthropic-shaped history to Chat Completions messages. Pure: no I/O.
import { describeApiBlock } from '../../engine/message/describe-api-block';
import type {
  ContentBlock,
  ImageBlock,
  Message,
  ToolResultBlock,
  ToolResultContentBlock,
} from '../../engine/message/message';
import { documentPlaceholder } from '../document-placeholder';
import type { OpenAIContentPart, OpenAIMessage, OpenAIToolCall } from './openai-wire-types';

/** Options of the conversion. */
export interface OpenAIConversionOptions {
  /** The model reads images: tool images go to it in a following user message; otherwise a placeholder line. */
  vision: boolean;
  /**
   * Send the reply's thinking back as `reasoning_content` on assistant messages (llama.cpp templates and
   * DeepSeek's thinking-with-tools read it). Default false: other endpoints refuse unknown fields.
   */
  sendReasoning?: boolean;
}

const imageUrl = (image: ImageBlock): OpenAIContentPart => ({
  type: 'image_url',
  image_url: { url: `data:${image.source.media_type};base64,${image.source.data}` },
});

/** A user block as a content part; PDFs have no Chat Completions part every server takes, so they are named. */
function userPart(block: ContentBlock, vision: boolean): OpenAIContentPart | undefined {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return vision
        ? imageUrl(block)
        : { type: 'text', text: '[An image was attached; this model does not read images.]' };
    case 'document':
      return block.source.type === 'text'
        ? { type: 'text', text: block.source.data }
        : { type: 'text', text: '[A PDF document was attached; it cannot be sent to this endpoint.]' };
    case 'api_block':
      return { type: 'text', text: describeApiBlock(block) };
    default:
      return undefined;
  }
}

/** Chat Completions tool messages take text only, so a PDF is named by a placeholder line. */
function toolPartText(part: ToolResultContentBlock): string {
  if (part.type === 'text') return part.text;
  if (part.type === 'image') return '[image: sent in the next user message]';
  return part.source.type === 'text' ? part.source.data : documentPlaceholder(part);
}

/** The text a tool message carries: Chat Completions tool messages take text only. */
function toolText(block: ToolResultBlock): string {
  const text = block.content.map(toolPartText).join('\n');
  // Chat Completions has no is_error flag, so the error is said in words the model can act on.
  return block.is_error ? `Error: ${text}` : text;
}

/** The follow-up parts for a tool result's images: a line naming the call, then each image (or a placeholder). */
function imageFollowUp(block: ToolResultBlock, names: Map<string, string>, vision: boolean): OpenAIContentPart[] {
  const images = block.content.filter((part): part is ImageBlock => part.type === 'image');
  if (images.length === 0) return [];
  const name = names.get(block.tool_use_id) ?? 'a tool';
  const count = images.length === 1 ? 'An image' : `${images.length} images`;
  if (!vision) {
    return [
      {
        type: 'text',
        text: `[${count} returned by ${name} (call ${block.tool_use_id}) not shown: this model does not read images.]`,
      },
    ];
  }
  return [{ type: 'text', text: `${count} returned by ${name} (call ${block.tool_use_id}):` }, ...images.map(imageUrl)];
}

function convertAssistant(message: Message, sendReasoning: boolean): OpenAIMessage {
  // The Anthropic API's own blocks (server tool calls and results) have no Chat Completions counterpart: each goes
  // as a line of text saying what it was, so the model still knows a search was made and what it found.
  const text = message.content
    .flatMap((block) => {
      if (block.type === 'text') return [block.text];
      return block.type === 'api_block' ? [`\n${describeApiBlock(block)}\n`] : [];
    })
    .join('');
  const reasoning = message.content.flatMap((block) => (block.type === 'thinking' ? [block.thinking] : [])).join('');
  const toolCalls: OpenAIToolCall[] = message.content.flatMap((block) =>
    block.type === 'tool_use'
      ? [
          {
            id: block.id,
            type: 'function' as const,
            function: { name: block.name, arguments: JSON.stringify(block.input) },
          },
        ]
      : [],
  );
  // Whitespace beside tool calls is no answer (reasoning templates leave a "\n" there): `null`, as the wire has it.
  const blank = /^\s*$/.test(text) && toolCalls.length > 0;
  // Thinking stays in Loupe's history; standard Chat Completions has no field for it, so it goes back only
  // when the model's capabilities ask for it. Redacted thinking never does: it is Anthropic's ciphertext.
  return {
    role: 'assistant',
    content: blank ? null : text,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    ...(sendReasoning && reasoning !== '' ? { reasoning_content: reasoning } : {}),
  };
}

/** Tool results become `tool` messages (text only); their images and any other content one user message after. */
function convertUser(message: Message, names: Map<string, string>, vision: boolean): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  const followUp: OpenAIContentPart[] = [];
  const rest: OpenAIContentPart[] = [];
  for (const block of message.content) {
    if (block.type === 'tool_result') {
      out.push({ role: 'tool', tool_call_id: block.tool_use_id, content: toolText(block) });
      followUp.push(...imageFollowUp(block, names, vision));
      continue;
    }
    const part = userPart(block, vision);
    if (part) rest.push(part);
  }
  const parts = [...followUp, ...rest];
  if (parts.length === 0) return out;
  const onlyText = parts.every((part) => part.type === 'text');
  const content = onlyText ? parts.map((part) => (part as { text: string }).text).join('\n') : parts;
  out.push({ role: 'user', content });
  return out;
}

/** Engine `system` + messages → Chat Completions `messages`, in order. */
export function convertToOpenAIMessages(
  system: string | undefined,
  messages: readonly Message[],
  options: OpenAIConversionOptions,
): OpenAIMessage[] {
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const block of message.content) if (block.type === 'tool_use') names.set(block.id, block.name);
  }
  const out: OpenAIMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    if (message.role === 'assistant') out.push(convertAssistant(message, options.sendReasoning === true));
    else out.push(...convertUser(message, names, options.vision));
  }
  return out;
}
