// Reads one JSON object or array from the start of a text and says where it ends. Pure.
import { MAX_TOOL_INPUT_DEPTH, measureJsonTextDepth } from '../../shared/json-depth';

/** The value at `start` (a `{` or `[`), where it ends, or why it could not be read. */
export type JsonPrefix = { value: unknown; end: number } | { error: string };

/** The index after the bracket that closes the one at `start` (strings respected), or -1 when unclosed. */
export function findClosingBracket(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

export function readJsonPrefix(text: string, start: number): JsonPrefix {
  const end = findClosingBracket(text, start);
  if (end === -1) return { error: 'the JSON is not closed' };
  const json = text.slice(start, end);
  // Model text: refuse deep nesting before parsing (copying it later would overflow the stack).
  if (measureJsonTextDepth(json, MAX_TOOL_INPUT_DEPTH) > MAX_TOOL_INPUT_DEPTH)
    return { error: `it nests more than ${MAX_TOOL_INPUT_DEPTH} levels deep` };
  try {
    return { value: JSON.parse(json), end };
  } catch (error) {
    return { error: `it is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}
