// Parses JSON text and checks it against a JSON Schema with a CSP-safe validator (no eval).
import { Validator } from '@cfworker/json-schema';
import { describeUnfollowedRefs, prepareSchemaRefs } from '../../shared/prepare-schema-refs';

/**
 * What the editor reports: the parsed value when it parses and matches the schema, else the problems. `notes`
 * (present only when there are some) say which parts of the schema were not checked and why — a `$ref` to
 * another document (never fetched), one pointing nowhere or looping, a schema too large to check.
 */
export type JsonValidation =
  { valid: true; value: unknown; notes?: string[] } | { valid: false; problems: string[]; notes?: string[] };

interface PreparedValidator {
  validator: Validator | undefined;
  notes: string[];
}

const validators = new WeakMap<object, PreparedValidator>();

function prepareValidator(schema: Record<string, unknown>): PreparedValidator {
  const prepared = prepareSchemaRefs(schema);
  if (!prepared.ok) return { validator: undefined, notes: [`Not checked here: ${prepared.why}.`] };
  const notes = describeUnfollowedRefs(prepared.unfollowed);
  try {
    return { validator: new Validator(prepared.schema, '2020-12', false), notes };
  } catch (error) {
    return {
      validator: undefined,
      notes: [...notes, `Not checked here: the schema cannot be read (${String(error)}).`],
    };
  }
}

function lineOf(text: string, position: number): number {
  return text.slice(0, position).split('\n').length;
}

/** `text` parsed and validated against `schema` (draft 2020-12 semantics; none = any JSON). Total. */
export function validateJson(text: string, schema?: Record<string, unknown>): JsonValidation {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message)?.[1];
    const where = position === undefined ? '' : ` (line ${lineOf(text, Number(position))})`;
    return { valid: false, problems: [`Not valid JSON${where}: ${message}`] };
  }
  if (schema === undefined) return { valid: true, value };
  let prepared = validators.get(schema);
  if (prepared === undefined) {
    prepared = prepareValidator(schema);
    validators.set(schema, prepared);
  }
  const withNotes = prepared.notes.length === 0 ? {} : { notes: prepared.notes };
  if (prepared.validator === undefined) return { valid: true, value, ...withNotes };
  let result;
  try {
    result = prepared.validator.validate(value);
  } catch (error) {
    // A value nested deeper than the validator's stack: say so rather than take the editor down.
    return {
      valid: false,
      problems: [`Could not check this value against the schema (${String(error)}).`],
      ...withNotes,
    };
  }
  if (result.valid) return { valid: true, value, ...withNotes };
  // The deepest errors say what to fix; their enclosing "does not match" errors add nothing.
  const generic = /subschema|does not match schema|did not match/i;
  const specific = result.errors.filter((error) => !generic.test(error.error));
  const shown = (specific.length > 0 ? specific : result.errors).slice(0, 5);
  return {
    valid: false,
    problems: shown.map((error) => `${error.instanceLocation.replace(/^#/, '') || '/'}: ${error.error}`),
    ...withNotes,
  };
}
