// Pure: turns a tool call's streamed JSON into an input object. No I/O.

/** The parsed input, or a plain message the model can act on. */
export type ParsedToolInput = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

/**
 * ENGINE-SPEC rule 14 (the part without schema validation): empty or blank input is `{}`; anything
 * else must parse as JSON and be an object (not an array, string, number or null).
 */
export function parseToolInput(json: string): ParsedToolInput {
  if (json.trim() === '') return { ok: true, input: {} };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      message: `The tool input is not valid JSON (${reason}). Send the arguments as one JSON object.`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, message: `The tool input must be a JSON object, but it was ${kind}.` };
  }
  return { ok: true, input: value as Record<string, unknown> };
}
