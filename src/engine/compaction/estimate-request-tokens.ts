// Pure: a request's size in tokens, estimated from its characters. No I/O.
import type { ContentBlock, Message } from '../message/message';
import type { ToolDefinition } from '../model/model';

/**
 * Characters per token of the estimate. English prose and JSON run at 3.5–4.5 characters per token for
 * Claude and GPT tokenizers; 4 is the usual rule of thumb (Anthropic and OpenAI both quote it), so the
 * estimate is within about a quarter of the count for ordinary text and lower for dense code or non-Latin text.
 */
export const CHARS_PER_TOKEN = 4;
/** Tokens counted for one image or document block: Anthropic bills a 1092×1092 image at about 1,600. */
export const MEDIA_BLOCK_TOKENS = 1600;
/** Framing tokens per message (role, block separators) and per tool definition. */
const MESSAGE_OVERHEAD = 4;
const TOOL_OVERHEAD = 8;

/** A request's estimated size, per part; `total` is their sum. */
export interface RequestTokenEstimate {
  system: number;
  tools: number;
  history: number;
  total: number;
}

const ofText = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/** Estimated tokens of one content block (text, tool input and result, thinking; media at a flat rate). */
export function estimateBlockTokens(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return ofText(block.text);
    case 'tool_use':
      return ofText(block.name) + ofText(JSON.stringify(block.input));
    case 'tool_result':
      return 4 + block.content.reduce((sum, part) => sum + estimateBlockTokens(part), 0);
    case 'thinking':
      return ofText(block.thinking);
    case 'redacted_thinking':
      return ofText(block.data);
    case 'image':
    case 'document':
      return MEDIA_BLOCK_TOKENS;
  }
}

/** Estimated tokens of messages (their blocks plus a small framing cost each). */
export function estimateMessagesTokens(messages: readonly Message[]): number {
  return messages.reduce(
    (sum, message) =>
      sum + MESSAGE_OVERHEAD + message.content.reduce((inner, block) => inner + estimateBlockTokens(block), 0),
    0,
  );
}

/** Estimated tokens of one tool definition: its name, description and schema as JSON. */
export function estimateToolTokens(tool: ToolDefinition): number {
  return TOOL_OVERHEAD + ofText(tool.name) + ofText(tool.description) + ofText(JSON.stringify(tool.input_schema));
}

/** Estimated size of `request` per part, at `CHARS_PER_TOKEN` characters a token (see its note). */
export function estimateRequestTokens(request: {
  system?: string | undefined;
  tools: readonly ToolDefinition[];
  messages: readonly Message[];
}): RequestTokenEstimate {
  const system = request.system === undefined ? 0 : ofText(request.system);
  const tools = request.tools.reduce((sum, tool) => sum + estimateToolTokens(tool), 0);
  const history = estimateMessagesTokens(request.messages);
  return { system, tools, history, total: system + tools + history };
}
