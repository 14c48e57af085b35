import type { JsonSchemaType } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { CfWorkerSchemaValidator, draftOf } from './schema-validator';
import { CORS_IS_POSSIBLE, DefaultJsonSchemaValidator } from './mcp-client-shims';

const validator = new CfWorkerSchemaValidator();

describe('the MCP client’s JSON Schema validator', () => {
  it('passes valid input through as data and lists each failure with its place', () => {
    const check = validator.getValidator<{ city: string }>({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(check({ city: 'Paris' })).toEqual({ valid: true, data: { city: 'Paris' }, errorMessage: undefined });
    const failed = check({ city: 7 });
    expect(failed.valid).toBe(false);
    expect(failed.data).toBeUndefined();
    expect(failed.errorMessage).toMatch(/(^|; )#\/city: /);
  });

  it('reads the dialect from $schema: none means 2020-12, draft-07 and draft-06 validate as 7', () => {
    expect(draftOf({ type: 'object' })).toBe('2020-12');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBe('2020-12');
    expect(draftOf({ $schema: 'http://json-schema.org/draft/2019-09/schema#' })).toBe('2019-09');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('7');
    expect(draftOf({ $schema: 'https://json-schema.org/draft-06/schema' })).toBe('7');
    // Draft-07 tuples (`items` as an array) only hold under draft-07 rules.
    const draft07Tuple = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'number' }],
      additionalItems: false,
    };
    const tuple = validator.getValidator(draft07Tuple as unknown as JsonSchemaType);
    expect(tuple([1]).valid).toBe(true);
    expect(tuple([1, 2]).valid).toBe(false);
  });

  it('refuses a schema of another dialect by name, cutting a hostile $schema short', () => {
    expect(() => validator.getValidator({ $schema: 'http://json-schema.org/draft-04/schema#' })).toThrow(
      /unsupported dialect \("\$schema": "http:\/\/json-schema.org\/draft-04\/schema#"\)/,
    );
    const hostile = `https://evil.example/${'x'.repeat(10_000)}`;
    expect(() => validator.getValidator({ $schema: hostile })).toThrow(/unsupported dialect/);
    try {
      validator.getValidator({ $schema: hostile });
    } catch (error) {
      expect(String(error).length).toBeLessThan(400);
    }
  });

  it('is what the worker build gives the SDK as its browser default (vite.config.ts aliases the shims)', () => {
    expect(new DefaultJsonSchemaValidator()).toBeInstanceOf(CfWorkerSchemaValidator);
    expect(CORS_IS_POSSIBLE).toBe(true);
  });
});
