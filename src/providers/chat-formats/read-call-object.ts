// Turns a decoded `{name, arguments}` object into a tool call, whichever key a template uses. Pure.
import { isRecord } from '../../shared/is-record';
import type { ParsedToolCall } from './parsed-reply';

/** A call from `value`, or why it is not one. Arguments may be an object or a JSON string of one. */
export function readCallObject(value: unknown): ParsedToolCall | string {
  if (!isRecord(value)) return 'it is not a JSON object';
  // OpenAI-shaped `{"function": {"name", "arguments"}}`, which some fine-tunes write.
  const body = isRecord(value['function']) ? value['function'] : value;
  const name = body['name'];
  if (typeof name !== 'string' || name === '') return 'it has no "name" string';
  let args: unknown = body['arguments'] ?? body['parameters'] ?? {};
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args) as unknown;
    } catch {
      return `the arguments of ${name} are a string that is not JSON`;
    }
  }
  if (!isRecord(args)) return `the arguments of ${name} are not an object`;
  const id = value['id'];
  return { name, arguments: args, ...(typeof id === 'string' && id !== '' ? { id } : {}) };
}
