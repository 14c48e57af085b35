// Reads a prompted-track reply: one `{name, arguments}` JSON object is a tool call, anything else is text. Pure.
import type { ToolDefinition } from '../../engine/model/model';
import { MAX_TOOL_INPUT_DEPTH, measureJsonTextDepth } from '../../shared/json-depth';
import { isRecord } from '../../shared/is-record';

/** What a reply was taken as. `reason` says why a reply that looked like a call was taken as text. */
export type PromptedReply =
  { kind: 'call'; name: string; arguments: Record<string, unknown>; text?: string } | { kind: 'text'; reason?: string };

/** The body of a ```json fence when the reply is one, else the reply. */
function stripFence(text: string): string {
  const fenced = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/.exec(text.trim());
  return fenced?.[1] ?? text.trim();
}

/** The first balanced `{…}` in `text` (strings respected), with the text before it. */
function findObject(text: string): { before: string; json: string; after: string } | undefined {
  const start = text.indexOf('{');
  if (start === -1) return undefined;
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0)
        return { before: text.slice(0, start), json: text.slice(start, at + 1), after: text.slice(at + 1) };
    }
  }
  return { before: text.slice(0, start), json: text.slice(start), after: '' };
}

/** Removes trailing commas before `}` or `]`, a slip small models often make. */
function repairJson(json: string): string {
  return json.replace(/,\s*([}\]])/g, '$1');
}

function parseObject(json: string): Record<string, unknown> | string {
  // Model text: refuse deep nesting before parsing (it would overflow the stack when copied later).
  if (measureJsonTextDepth(json, MAX_TOOL_INPUT_DEPTH) > MAX_TOOL_INPUT_DEPTH)
    return `it nests more than ${MAX_TOOL_INPUT_DEPTH} levels deep`;
  for (const candidate of [json, repairJson(json)]) {
    try {
      const value: unknown = JSON.parse(candidate);
      return isRecord(value) ? value : 'it is not a JSON object';
    } catch (error) {
      if (candidate !== json) return `it is not valid JSON (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return 'it is not valid JSON';
}

/** Arguments may come as an object or as a JSON string of one (as OpenAI's own format has them). */
function readArguments(value: unknown): Record<string, unknown> | string {
  if (value === undefined || value === null) return {};
  if (isRecord(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isRecord(parsed)) return parsed;
    } catch {
      // Reported below as not an object.
    }
  }
  return '"arguments" is not an object';
}

/** Why `args` does not fit `tool`'s schema (missing required or unknown keys), or undefined when it fits. */
export function checkArguments(tool: ToolDefinition, args: Record<string, unknown>): string | undefined {
  const schema = tool.input_schema;
  const properties = isRecord(schema['properties']) ? schema['properties'] : undefined;
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((name): name is string => typeof name === 'string')
    : [];
  const missing = required.filter((name) => !(name in args));
  if (missing.length > 0) return `required argument(s) missing: ${missing.join(', ')}`;
  if (properties !== undefined) {
    const unknown = Object.keys(args).filter((key) => !(key in properties));
    if (unknown.length > 0) {
      return `unknown argument(s): ${unknown.join(', ')} (allowed: ${Object.keys(properties).join(', ') || 'none'})`;
    }
  }
  return undefined;
}

/**
 * Reads `reply` leniently: a ```json fence, text around the object and trailing commas are tolerated. It is
 * a call only when the object names an existing tool (exact name), has every required argument and no
 * unknown ones. Otherwise it is text; `reason` is set when the reply looked like a call attempt.
 */
export function parsePromptedReply(reply: string, tools: readonly ToolDefinition[]): PromptedReply {
  const body = stripFence(reply);
  const found = findObject(body);
  if (found === undefined) return { kind: 'text' };
  // Prose that merely contains braces is text; a call attempt mentions "name" or starts with the object.
  const attempt = found.before.trim() === '' || /"name"\s*:/.test(found.json);
  if (!attempt) return { kind: 'text' };
  const object = parseObject(found.json);
  const rejected = (why: string): PromptedReply => ({
    kind: 'text',
    reason: `The reply looked like a tool call but was taken as text: ${why}.`,
  });
  if (typeof object === 'string') return rejected(object);
  const name = object['name'] ?? object['tool'];
  if (typeof name !== 'string' || name === '') return rejected('it has no "name" string');
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) {
    return rejected(`there is no tool "${name}" (available: ${tools.map((candidate) => candidate.name).join(', ')})`);
  }
  const args = readArguments(object['arguments'] ?? object['parameters'] ?? object['input']);
  if (typeof args === 'string') return rejected(args);
  const problem = checkArguments(tool, args);
  if (problem) return rejected(`${name}: ${problem}`);
  const text = `${found.before}${found.after}`.trim();
  return { kind: 'call', name, arguments: args, ...(text === '' ? {} : { text }) };
}
