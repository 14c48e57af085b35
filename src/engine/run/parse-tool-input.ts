// Pure: turns a tool call's streamed JSON into an input object. No I/O.
import { describeTooDeep, MAX_TOOL_INPUT_DEPTH, measureJsonTextDepth } from '../../shared/json-depth';
import { repairJson } from './repair-json';

/** The parsed input (`repaired` when lenient repair was needed), or a plain message the model can act on. */
export type ParsedToolInput =
  { ok: true; input: Record<string, unknown>; repaired?: boolean } | { ok: false; message: string };

/**
 * ENGINE-SPEC rule 14 (the part without schema validation): empty or blank input is `{}`; anything
 * else must parse as JSON and be an object (not an array, string, number or null), nested at most
 * `MAX_TOOL_INPUT_DEPTH` levels (checked on the text, before anything deep is built).
 */
export function parseToolInput(json: string, options: { repair?: boolean } = {}): ParsedToolInput {
  if (json.trim() === '') return { ok: true, input: {} };
  // Each level opens with a bracket, so a text no longer than the limit cannot pass it: most inputs are
  // that short, and skip the scan (a loop over every character, per call).
  if (json.length > MAX_TOOL_INPUT_DEPTH && measureJsonTextDepth(json, MAX_TOOL_INPUT_DEPTH) > MAX_TOOL_INPUT_DEPTH)
    return { ok: false, message: describeTooDeep('The tool input', MAX_TOOL_INPUT_DEPTH) };
  let value: unknown;
  let repaired = false;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const fixed = options.repair === true ? repairJson(json) : undefined;
    if (fixed === undefined) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        message: `The tool input is not valid JSON (${reason}). Send the arguments as one JSON object.`,
      };
    }
    value = JSON.parse(fixed);
    repaired = true;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, message: `The tool input must be a JSON object, but it was ${kind}.` };
  }
  return repaired
    ? { ok: true, input: value as Record<string, unknown>, repaired }
    : { ok: true, input: value as Record<string, unknown> };
}
