// Checks tool inputs against the tool's JSON Schema with a CSP-safe validator (no eval), compiled once per schema.
import { Validator, type SchemaDraft } from '@cfworker/json-schema';
import { prepareSchemaRefs } from '../shared/prepare-schema-refs';

/** Validators compiled once per schema object (a tool's schema is the same object for the whole run). */
const validators = new WeakMap<object, (input: Record<string, unknown>) => string | undefined>();

/** Longest problem text sent to the model (ENGINE-SPEC rule 14: about 1.5 KB). */
const MAX_PROBLEM_LENGTH = 1500;

/** The draft a schema declares in `$schema` (draft-07, 2019-09, 2020-12; draft-04); 2020-12 when it says none. */
function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-07') || declared.includes('draft-06')) return '7';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/**
 * Compiles `schema` once (draft from `$schema`, 2020-12 by default) into a check of one input: the
 * deepest problems as `path: what is wrong (expected, got)`, or undefined when valid. Local `$ref`s
 * (`#/$defs/…`, nested, recursive) are followed; one to another document is never fetched, and one pointing
 * nowhere or looping is left out (`prepareSchemaRefs`), so the rest is still checked. A schema the validator
 * cannot read, or one past `MAX_SCHEMA_NODES`/`MAX_SCHEMA_DEPTH`, checks nothing (the server still validates),
 * rather than blocking every call.
 */
export function createToolInputValidator(
  schema: Record<string, unknown>,
): (input: Record<string, unknown>) => string | undefined {
  const cached = validators.get(schema);
  if (cached !== undefined) return cached;
  let validator: Validator | undefined;
  const prepared = prepareSchemaRefs(schema);
  try {
    validator = prepared.ok ? new Validator(prepared.schema, draftOf(schema), false) : undefined;
  } catch {
    validator = undefined;
  }
  const check = (input: Record<string, unknown>): string | undefined => {
    if (validator === undefined) return undefined;
    let result;
    try {
      result = validator.validate(input);
    } catch {
      return undefined;
    }
    if (result.valid) return undefined;
    // The deepest errors say what to fix; their enclosing "does not match" errors add nothing.
    const generic = /subschema|does not match schema|did not match/i;
    const specific = result.errors.filter((error) => !generic.test(error.error));
    const shown = (specific.length > 0 ? specific : result.errors).slice(0, 5);
    return shown
      .map((error) => `${error.instanceLocation.replace(/^#/, '') || '/'}: ${error.error}`)
      .join('; ')
      .slice(0, MAX_PROBLEM_LENGTH);
  };
  validators.set(schema, check);
  return check;
}

/** Plain-words problems of an edited `input` against `schema`, or undefined when valid (the debugger's check). */
export function validateToolInput(schema: Record<string, unknown>, input: Record<string, unknown>): string | undefined {
  const problem = createToolInputValidator(schema)(input);
  if (problem === undefined) return undefined;
  return `The edited input does not match the tool's schema — ${problem}`.slice(0, MAX_PROBLEM_LENGTH);
}
