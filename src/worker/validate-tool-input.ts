// Checks an edited tool input against the tool's JSON Schema with a CSP-safe validator (no eval).
import { Validator } from '@cfworker/json-schema';

/** Validators compiled once per schema object (a tool's schema is the same object for the whole run). */
const validators = new WeakMap<object, Validator>();

/** Longest problem text sent to the model (ENGINE-SPEC rule 14: about 1.5 KB). */
const MAX_PROBLEM_LENGTH = 1500;

/** Plain-words problems of `input` against `schema` (draft 2020-12 semantics), or undefined when valid. */
export function validateToolInput(schema: Record<string, unknown>, input: Record<string, unknown>): string | undefined {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = new Validator(schema, '2020-12', false);
    validators.set(schema, validator);
  }
  const result = validator.validate(input);
  if (result.valid) return undefined;
  // The deepest errors say what to fix; their enclosing "does not match" errors add nothing.
  const generic = /subschema|does not match schema|did not match/i;
  const specific = result.errors.filter((error) => !generic.test(error.error));
  const shown = (specific.length > 0 ? specific : result.errors).slice(0, 5);
  const text = shown.map((error) => `${error.instanceLocation.replace(/^#/, '') || '/'}: ${error.error}`).join('; ');
  return `The edited input does not match the tool's schema — ${text}`.slice(0, MAX_PROBLEM_LENGTH);
}
