// Pure: a Chat Completions request body read into Loupe's terms (Anthropic-shaped history, as the engine keeps it).
import { isRecord } from '../../shared/is-record';
import type { ContentBlock, Message, ToolResultContentBlock } from '../message/message';
import type { ToolChoice, ToolDefinition } from '../model/model';
import { describeValue } from '../transcript/transcript-problem';
import type { ImportedRequest } from './imported-request';
import { readChatToolCall } from './read-chat-tool-call';
import { refuse } from './request-import-error';

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]*)$/;

/** A user or tool message's content: a string, or text and `image_url` parts (a data: URL; a web URL is refused). */
function readParts(value: unknown, path: string): (ContentBlock & ToolResultContentBlock)[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return value === '' ? [] : [{ type: 'text', text: value }];
  if (!Array.isArray(value)) refuse(path, 'a string or a list of content parts', describeValue(value));
  return value.map((part, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(part)) refuse(at, 'a content part', describeValue(part));
    if (part['type'] === 'text') {
      if (typeof part['text'] !== 'string') refuse(`${at}.text`, 'a string', describeValue(part['text']));
      return { type: 'text', text: part['text'] };
    }
    if (part['type'] === 'image_url') {
      const url = isRecord(part['image_url']) ? part['image_url']['url'] : undefined;
      const match = typeof url === 'string' ? DATA_URL.exec(url) : null;
      if (!match)
        refuse(
          `${at}.image_url.url`,
          'a base64 data: URL (Loupe keeps images in the run; one on the web cannot be)',
          describeValue(url),
        );
      return { type: 'image', source: { type: 'base64', media_type: match[1]!, data: match[2]!.replace(/\s/g, '') } };
    }
    return refuse(`${at}.type`, 'a content part Loupe knows (text, image_url)', describeValue(part['type']));
  });
}

function readTools(value: unknown): ToolDefinition[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) refuse('tools', 'a list of tools', describeValue(value));
  return value.map((tool, index) => {
    const fn = isRecord(tool) ? tool['function'] : undefined;
    if (!isRecord(tool) || tool['type'] !== 'function' || !isRecord(fn) || typeof fn['name'] !== 'string')
      refuse(
        `tools[${index}]`,
        'a function tool ({ type: "function", function: { name, parameters } })',
        describeValue(tool),
      );
    const parameters = fn['parameters'] ?? { type: 'object', properties: {} };
    if (!isRecord(parameters))
      refuse(`tools[${index}].function.parameters`, 'a JSON Schema object', describeValue(parameters));
    return {
      name: fn['name'],
      description: typeof fn['description'] === 'string' ? fn['description'] : '',
      input_schema: parameters,
    };
  });
}

function readToolChoice(value: unknown): ToolChoice | undefined {
  if (value === 'auto' || value === 'none') return { type: value };
  if (value === 'required') return { type: 'any' };
  if (isRecord(value) && isRecord(value['function']) && typeof value['function']['name'] === 'string')
    return { type: 'tool', name: value['function']['name'] };
  return undefined;
}

/** Appends blocks to the last message when it has the same role (Chat's tool messages become one user turn). */
function append(messages: Message[], role: Message['role'], content: ContentBlock[]): void {
  if (content.length === 0) return;
  const last = messages.at(-1);
  if (last?.role === role) last.content.push(...content);
  else messages.push({ role, content });
}

/** Reads a Chat Completions body; `system` / `developer` messages become the system prompt. */
export function readChatRequest(body: Record<string, unknown>): ImportedRequest {
  const notes: string[] = [];
  const model = body['model'];
  if (typeof model !== 'string' || model === '') refuse('model', 'the model’s name', describeValue(model));
  const raw = body['messages'];
  if (!Array.isArray(raw) || raw.length === 0) refuse('messages', 'a non-empty list of messages', describeValue(raw));
  const system: string[] = [];
  const messages: Message[] = [];
  raw.forEach((message, index) => {
    const path = `messages[${index}]`;
    if (!isRecord(message)) refuse(path, 'a message', describeValue(message));
    const role = message['role'];
    if (role === 'system' || role === 'developer') {
      system.push(
        readParts(message['content'], `${path}.content`)
          .map((part) => (part.type === 'text' ? part.text : ''))
          .join('\n'),
      );
    } else if (role === 'user') {
      append(messages, 'user', readParts(message['content'], `${path}.content`));
    } else if (role === 'assistant') {
      const content: ContentBlock[] = [];
      if (typeof message['reasoning_content'] === 'string' && message['reasoning_content'] !== '')
        content.push({ type: 'thinking', thinking: message['reasoning_content'], signature: '' });
      content.push(...readParts(message['content'], `${path}.content`));
      const calls = message['tool_calls'];
      if (calls !== undefined && !Array.isArray(calls))
        refuse(`${path}.tool_calls`, 'a list of tool calls', describeValue(calls));
      (calls ?? []).forEach((call, at) => content.push(readChatToolCall(call, `${path}.tool_calls[${at}]`)));
      append(messages, 'assistant', content);
    } else if (role === 'tool') {
      const id = message['tool_call_id'];
      if (typeof id !== 'string') refuse(`${path}.tool_call_id`, 'the id of the call it answers', describeValue(id));
      let content = readParts(message['content'], `${path}.content`);
      // Loupe's own Chat adapter writes an error result as "Error: …" (Chat has no is_error): read it back so.
      const first = content[0];
      const isError = first?.type === 'text' && first.text.startsWith('Error: ');
      if (isError) content = [{ type: 'text', text: first.text.slice('Error: '.length) }, ...content.slice(1)];
      append(messages, 'user', [
        { type: 'tool_result', tool_use_id: id, content, ...(isError ? { is_error: true } : {}) },
      ]);
    } else refuse(`${path}.role`, '"system", "developer", "user", "assistant" or "tool"', describeValue(role));
  });
  const maxTokens = body['max_completion_tokens'] ?? body['max_tokens'] ?? 4096;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)
    refuse('max_tokens', 'a whole number of at least 1', describeValue(maxTokens));
  if (body['max_completion_tokens'] === undefined && body['max_tokens'] === undefined)
    notes.push('The request set no max_tokens; the run uses 4096.');
  const temperature = body['temperature'];
  if (temperature !== undefined && temperature !== null && typeof temperature !== 'number')
    refuse('temperature', 'a number', describeValue(temperature));
  const toolChoice = readToolChoice(body['tool_choice']);
  return {
    provider: 'openai-compatible',
    model,
    maxTokens,
    ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
    ...(typeof temperature === 'number' ? { temperature } : {}),
    ...(toolChoice ? { toolChoice } : {}),
    tools: readTools(body['tools']),
    messages,
    notes,
  };
}
