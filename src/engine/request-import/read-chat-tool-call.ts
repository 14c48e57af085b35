// Pure: one Chat Completions tool call read as a `tool_use` block (its JSON-string arguments parsed).
import { isRecord } from '../../shared/is-record';
import type { ToolUseBlock } from '../message/message';
import { describeValue } from '../transcript/transcript-problem';
import { refuse } from './request-import-error';

/** `{ id, type: "function", function: { name, arguments } }` → `tool_use`; arguments that are not a JSON object are refused. */
export function readChatToolCall(call: unknown, path: string): ToolUseBlock {
  const fn = isRecord(call) ? call['function'] : undefined;
  if (!isRecord(call) || typeof call['id'] !== 'string' || !isRecord(fn) || typeof fn['name'] !== 'string')
    refuse(path, 'a tool call ({ id, function: { name, arguments } })', describeValue(call));
  return {
    type: 'tool_use',
    id: call['id'],
    name: fn['name'],
    input: readArguments(fn['arguments'], `${path}.function.arguments`),
  };
}

/** A call's arguments: a JSON object, or a string holding one (empty means `{}`). */
export function readArguments(value: unknown, path: string): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (value === undefined || value === '') return {};
  if (typeof value !== 'string') refuse(path, 'a JSON object written as a string', describeValue(value));
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    refuse(path, 'a JSON object written as a string', `text that is not JSON (cut short?): ${describeValue(value)}`);
  }
  if (!isRecord(parsed)) refuse(path, 'a JSON object', describeValue(parsed));
  return parsed;
}
