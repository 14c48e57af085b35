// The JSON Schema validator the MCP client checks tool inputs, outputs and elicitations with: @cfworker/json-schema
// (eval-free, so allowed by the app's CSP), the one copy the worker already carries for its own checks.
import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';

const DIALECTS: ReadonlyMap<string, SchemaDraft> = new Map<string, SchemaDraft>(
  [
    ['json-schema.org/draft/2020-12/schema', '2020-12'],
    ['json-schema.org/draft/2019-09/schema', '2019-09'],
    ['json-schema.org/draft-07/schema', '7'],
    // draft-06 is a subset of draft-07 as far as validation goes.
    ['json-schema.org/draft-06/schema', '7'],
  ].flatMap(([uri, draft]) => [
    [`https://${uri}`, draft],
    [`http://${uri}`, draft],
  ]) as [string, SchemaDraft][],
);

/**
 * The draft a schema declares with `$schema`: none (or a non-string) means 2020-12, as the MCP spec says
 * (SEP-1613). A schema that declares any other dialect is refused with an `Error` naming it, rather than
 * validated by the wrong rules.
 */
export function draftOf(schema: JsonSchemaType): SchemaDraft {
  const declared: unknown = (schema as { $schema?: unknown }).$schema;
  if (typeof declared !== 'string') return '2020-12';
  const draft = DIALECTS.get(declared.replace(/#$/, ''));
  if (draft === undefined)
    throw new Error(
      `JSON Schema declares an unsupported dialect ("$schema": "${declared.slice(0, 200)}"); Loupe validates JSON Schema 2020-12, 2019-09, draft-07 and draft-06.`,
    );
  return draft;
}

/**
 * The MCP client's `jsonSchemaValidator` on @cfworker/json-schema: the draft chosen by `$schema` (see
 * `draftOf`), stopping at the first failure; the message lists each failure as `location: error`.
 */
export class CfWorkerSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const validator = new Validator(schema as unknown as Schema, draftOf(schema), true);
    return (input) => {
      const result = validator.validate(input);
      return result.valid
        ? { valid: true, data: input as T, errorMessage: undefined }
        : {
            valid: false,
            data: undefined,
            errorMessage: result.errors.map((error) => `${error.instanceLocation}: ${error.error}`).join('; '),
          };
    };
  }
}
