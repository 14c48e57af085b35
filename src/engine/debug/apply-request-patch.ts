// Pure: applies a person's edit to a pending model request, checking every field. No I/O.
import type { Message } from '../message/message';
import { repairHistory } from '../message/repair-history';
import type { ModelRequest, ToolChoice, ToolDefinition } from '../model/model';
import type { EditRecord, EditTarget } from './debug-event';
import type { RequestPatch } from './pause-point';
import { isRecord } from '../../shared/is-record';

const BLOCK_TYPES = new Set(['text', 'image', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document']);

function messageProblems(messages: unknown): string[] {
  if (!Array.isArray(messages)) return ['messages must be an array of messages.'];
  if (messages.length === 0) return ['messages must hold at least one message.'];
  const problems: string[] = [];
  messages.forEach((message: unknown, index) => {
    const where = `messages[${index}]`;
    if (!isRecord(message)) return void problems.push(`${where} must be an object with role and content.`);
    if (message['role'] !== 'user' && message['role'] !== 'assistant')
      problems.push(`${where}.role must be "user" or "assistant".`);
    const content = message['content'];
    if (!Array.isArray(content)) return void problems.push(`${where}.content must be an array of blocks.`);
    content.forEach((block: unknown, blockIndex) => {
      if (!isRecord(block) || typeof block['type'] !== 'string' || !BLOCK_TYPES.has(block['type']))
        problems.push(
          `${where}.content[${blockIndex}] must be a block with a known type (text, tool_use, tool_result, …).`,
        );
      else if (block['type'] === 'text' && typeof block['text'] !== 'string')
        problems.push(`${where}.content[${blockIndex}].text must be a string.`);
    });
  });
  return problems;
}

function toolProblems(tools: unknown): string[] {
  if (!Array.isArray(tools)) return ['tools must be an array.'];
  return tools.flatMap((tool: unknown, index) =>
    isRecord(tool) &&
    typeof tool['name'] === 'string' &&
    tool['name'] !== '' &&
    typeof tool['description'] === 'string' &&
    isRecord(tool['input_schema'])
      ? []
      : [`tools[${index}] must have a name, a description and an input_schema object.`],
  );
}

function isToolChoice(value: unknown): value is ToolChoice {
  if (!isRecord(value)) return false;
  if (value['type'] === 'tool') return typeof value['name'] === 'string' && value['name'] !== '';
  return value['type'] === 'auto' || value['type'] === 'any' || value['type'] === 'none';
}

/** Plain-words problems with `patch` (empty when it can be applied as is). Total over any value. */
export function findRequestPatchProblems(patch: unknown): string[] {
  if (!isRecord(patch)) return ['The edited request must be a JSON object.'];
  const problems: string[] = [];
  if ('system' in patch && patch['system'] !== undefined && typeof patch['system'] !== 'string')
    problems.push('system must be a string.');
  if ('messages' in patch && patch['messages'] !== undefined) problems.push(...messageProblems(patch['messages']));
  if ('tools' in patch && patch['tools'] !== undefined) problems.push(...toolProblems(patch['tools']));
  const maxTokens = patch['maxTokens'];
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && (maxTokens as number) >= 1))
    problems.push('max_tokens must be a whole number of at least 1.');
  const temperature = patch['temperature'];
  if (temperature !== undefined && !(typeof temperature === 'number' && temperature >= 0 && temperature <= 2))
    problems.push('temperature must be a number from 0 to 2.');
  if (patch['toolChoice'] !== undefined && !isToolChoice(patch['toolChoice']))
    problems.push('tool_choice must be {"type":"auto"}, {"type":"any"}, {"type":"none"} or {"type":"tool","name":…}.');
  return problems;
}

/** The request after `patch`, and one record per field that really changed (in a fixed order). */
export function applyRequestPatch(
  request: ModelRequest,
  patch: RequestPatch,
): { request: ModelRequest; edits: EditRecord[] } {
  if (findRequestPatchProblems(patch).length > 0) return { request, edits: [] };
  const next: ModelRequest = { ...request };
  const edits: EditRecord[] = [];
  const record = (what: EditTarget, before: unknown, after: unknown): boolean => {
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    edits.push({ what, before, after });
    return true;
  };
  if (patch.system !== undefined && record('request.system', request.system ?? '', patch.system)) {
    if (patch.system === '') delete next.system;
    else next.system = patch.system;
  }
  if (patch.messages !== undefined) {
    // The edit is repaired like any history, so the request sent is always API-valid.
    const messages: Message[] = repairHistory(patch.messages).messages;
    if (record('request.messages', request.messages, messages)) next.messages = messages;
  }
  if (patch.tools !== undefined && record('request.tools', request.tools, patch.tools)) {
    next.tools = patch.tools.map((tool): ToolDefinition => ({ ...tool }));
  }
  if (patch.maxTokens !== undefined && record('request.maxTokens', request.maxTokens, patch.maxTokens)) {
    next.maxTokens = patch.maxTokens;
  }
  if (patch.temperature !== undefined && record('request.temperature', request.temperature, patch.temperature)) {
    next.temperature = patch.temperature;
  }
  if (patch.toolChoice !== undefined && record('request.toolChoice', request.toolChoice, patch.toolChoice)) {
    next.toolChoice = patch.toolChoice;
  }
  return { request: next, edits };
}
