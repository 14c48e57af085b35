// Pure: a Messages API request body (as an SDK, a proxy log or Loupe's own export has it) read into Loupe's terms.
import { isRecord } from '../../shared/is-record';
import type { Message } from '../message/message';
import type { ToolChoice, ToolDefinition } from '../model/model';
import { describeValue } from '../transcript/transcript-problem';
import type { ImportedRequest } from './imported-request';
import { readAnthropicBlock } from './read-anthropic-blocks';
import { refuse } from './request-import-error';

function readSystem(value: unknown, notes: string[]): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) refuse('system', 'a string or a list of text blocks', describeValue(value));
  const parts = value.map((block, index) => {
    if (!isRecord(block) || block['type'] !== 'text' || typeof block['text'] !== 'string')
      refuse(`system[${index}]`, 'a text block', describeValue(block));
    if (block['cache_control'] !== undefined) notes.push('A cache breakpoint on the system prompt was dropped.');
    return block['text'];
  });
  return parts.join('\n\n');
}

function readTools(value: unknown): ToolDefinition[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) refuse('tools', 'a list of tool definitions', describeValue(value));
  return value.map((tool, index) => {
    if (!isRecord(tool) || typeof tool['name'] !== 'string')
      refuse(`tools[${index}]`, 'a tool definition with a name', describeValue(tool));
    // Server tools (web search, code execution …) carry a `type` and no schema: Loupe cannot run them.
    if (tool['type'] !== undefined && tool['type'] !== 'custom' && tool['input_schema'] === undefined)
      refuse(
        `tools[${index}].type`,
        'a client tool (a name and an input_schema)',
        `the server tool ${describeValue(tool['type'])}`,
      );
    const schema = tool['input_schema'];
    if (!isRecord(schema)) refuse(`tools[${index}].input_schema`, 'a JSON Schema object', describeValue(schema));
    return {
      name: tool['name'],
      description: typeof tool['description'] === 'string' ? tool['description'] : '',
      input_schema: schema,
    };
  });
}

function readToolChoice(value: unknown): ToolChoice | undefined {
  if (!isRecord(value)) return undefined;
  const type = value['type'];
  if (type === 'auto' || type === 'any' || type === 'none') return { type };
  if (type === 'tool' && typeof value['name'] === 'string') return { type, name: value['name'] };
  return undefined;
}

function readMessages(value: unknown, notes: string[]): Message[] {
  if (!Array.isArray(value) || value.length === 0)
    refuse('messages', 'a non-empty list of messages', describeValue(value));
  let cached = 0;
  const messages = value.map((message, index): Message => {
    const path = `messages[${index}]`;
    if (!isRecord(message)) refuse(path, 'a message', describeValue(message));
    const role = message['role'];
    if (role !== 'user' && role !== 'assistant') refuse(`${path}.role`, '"user" or "assistant"', describeValue(role));
    const content = message['content'];
    if (typeof content === 'string') return { role, content: [{ type: 'text', text: content }] };
    if (!Array.isArray(content)) refuse(`${path}.content`, 'a string or a list of blocks', describeValue(content));
    cached += content.filter((block) => isRecord(block) && block['cache_control'] !== undefined).length;
    return { role, content: content.map((block, at) => readAnthropicBlock(block, `${path}.content[${at}]`)) };
  });
  if (cached > 0)
    notes.push(`${cached} cache breakpoint${cached === 1 ? '' : 's'} in the messages dropped (Loupe places its own).`);
  return messages;
}

/** Reads a Messages API body; each fault is a problem naming its path (`messages[3].content[0].type`). */
export function readAnthropicRequest(body: Record<string, unknown>): ImportedRequest {
  const notes: string[] = [];
  const model = body['model'];
  if (typeof model !== 'string' || model === '') refuse('model', 'the model’s name', describeValue(model));
  const maxTokens = body['max_tokens'];
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)
    refuse('max_tokens', 'a whole number of at least 1', describeValue(maxTokens));
  const temperature = body['temperature'];
  if (temperature !== undefined && typeof temperature !== 'number')
    refuse('temperature', 'a number', describeValue(temperature));
  const system = readSystem(body['system'], notes);
  const toolChoice = readToolChoice(body['tool_choice']);
  if (body['thinking'] !== undefined)
    notes.push('The request asked for extended thinking; set it in the model’s capabilities to keep it on.');
  return {
    provider: 'anthropic',
    model,
    maxTokens,
    ...(system !== undefined ? { system } : {}),
    ...(typeof temperature === 'number' ? { temperature } : {}),
    ...(toolChoice ? { toolChoice } : {}),
    tools: readTools(body['tools']),
    messages: readMessages(body['messages'], notes),
    notes,
  };
}
