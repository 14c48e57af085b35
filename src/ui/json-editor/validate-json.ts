// Parses JSON text and checks it against a JSON Schema with a CSP-safe validator (no eval).
import { Validator } from '@cfworker/json-schema';

/** What the editor reports: the parsed value when it parses and matches the schema, else the problems. */
export type JsonValidation = { valid: true; value: unknown } | { valid: false; problems: string[] };

const validators = new WeakMap<object, Validator>();

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
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = new Validator(schema, '2020-12', false);
    validators.set(schema, validator);
  }
  const result = validator.validate(value);
  if (result.valid) return { valid: true, value };
  // The deepest errors say what to fix; their enclosing "does not match" errors add nothing.
  const generic = /subschema|does not match schema|did not match/i;
  const specific = result.errors.filter((error) => !generic.test(error.error));
  const shown = (specific.length > 0 ? specific : result.errors).slice(0, 5);
  return {
    valid: false,
    problems: shown.map((error) => `${error.instanceLocation.replace(/^#/, '') || '/'}: ${error.error}`),
  };
}
