// Checks a tool definition as the model will see it: the JSON Schema meta-schema and the provider's limits.
import { Validator } from '@cfworker/json-schema';
import { prepareSchemaRefs } from '../shared/prepare-schema-refs';
import { jsonSchemaDraft07 } from './json-schema-draft-07';
import { isRecord } from '../shared/is-record';

/** A tool as the model sees it. */
export interface ToolDefinitionDraft {
  name: string;
  description: string;
  inputSchema: unknown;
}

/** Anthropic's rule for tool names (OpenAI's is the same): letters, digits, `_` and `-`, 1–64 characters. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Longest description accepted; longer ones cost tokens on every request and providers may refuse them. */
export const MAX_TOOL_DESCRIPTION_LENGTH = 10_000;

/** Largest schema accepted, as JSON text. */
export const MAX_TOOL_SCHEMA_LENGTH = 50_000;

// Compiled once; cfworker validates without eval, so this is safe under the app's CSP.
const metaValidator = new Validator(jsonSchemaDraft07, '7', false);

/**
 * What is wrong with the schema's `$ref`s: one pointing nowhere in it or looping without reaching a value
 * (validators would throw or overflow), or a schema too large or deep to check. A ref to another document is
 * not a problem here (the editor notes that Loupe never fetches it).
 */
function refProblems(schema: Record<string, unknown>): { problems: string[]; tooLarge: boolean } {
  const prepared = prepareSchemaRefs(schema);
  if (!prepared.ok) return { problems: [`Input schema: ${prepared.why}.`], tooLarge: true };
  const problems = prepared.unfollowed
    .flatMap(({ at, ref, why }) => {
      const where = at === '' ? '/' : at;
      if (why === 'missing') return [`Input schema at ${where}: $ref "${ref}" points to nothing in the schema.`];
      if (why === 'cycle') return [`Input schema at ${where}: $ref "${ref}" loops back without reaching a value.`];
      return [];
    })
    .slice(0, 4);
  return { problems, tooLarge: false };
}

/**
 * Every problem with `draft`, in plain words (empty when it can be sent). `takenNames` are the names
 * other tools of the run are exposed under; a clash is a problem because the model could not tell them apart.
 */
export function checkToolDefinition(draft: ToolDefinitionDraft, takenNames: readonly string[] = []): string[] {
  const problems: string[] = [];
  if (!TOOL_NAME_PATTERN.test(draft.name)) {
    problems.push('Name: use 1–64 letters, digits, "_" or "-" (the providers\' rule for tool names).');
  } else if (takenNames.includes(draft.name)) {
    problems.push(`Name: another tool is already exposed as "${draft.name}".`);
  }
  if (draft.description.length > MAX_TOOL_DESCRIPTION_LENGTH) {
    problems.push(`Description: ${draft.description.length} characters; at most ${MAX_TOOL_DESCRIPTION_LENGTH}.`);
  }
  const schema = draft.inputSchema;
  if (!isRecord(schema)) {
    problems.push('Input schema: must be a JSON object.');
    return problems;
  }
  if (schema['type'] !== 'object') problems.push('Input schema: the top level must have "type": "object".');
  const refs = refProblems(schema);
  // Past the bounds, stringifying and the meta-schema check would recurse as deep as the schema does.
  if (refs.tooLarge) return [...problems, ...refs.problems];
  if (JSON.stringify(schema).length > MAX_TOOL_SCHEMA_LENGTH) {
    problems.push(`Input schema: larger than ${MAX_TOOL_SCHEMA_LENGTH} characters of JSON.`);
  }
  problems.push(...refs.problems);
  const result = metaValidator.validate(schema);
  if (!result.valid) {
    // cfworker reports each failure with its enclosing "does not match" errors at the same place; the
    // specific ones say what to fix, so only those are shown (or the first, when none is specific).
    const generic = /subschema|does not match schema|did not match/i;
    const byPlace = new Map<string, string[]>();
    for (const error of result.errors) {
      const place = error.instanceLocation.replace(/^#/, '') || '/';
      byPlace.set(place, [...(byPlace.get(place) ?? []), error.error]);
    }
    const places = [...byPlace.keys()];
    // A place that only encloses a deeper failing place adds nothing the deeper one does not say.
    const deepest = places.filter(
      (place) => !places.some((other) => other !== place && other.startsWith(place === '/' ? '/' : `${place}/`)),
    );
    const shown = deepest.flatMap((place) => {
      const messages = byPlace.get(place) ?? [];
      const specific = messages.filter((message) => !generic.test(message));
      return (specific.length > 0 ? specific.slice(0, 2) : messages.slice(0, 1)).map(
        (message) => `Input schema at ${place}: ${message}`,
      );
    });
    problems.push(...shown.slice(0, 4));
  }
  return problems;
}
