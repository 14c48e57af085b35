import { describe, expect, it, vi } from 'vitest';
import { createToolInputValidator, validateToolInput } from './validate-tool-input';

const schema = {
  type: 'object',
  $defs: {
    zip: { type: 'string', pattern: '^[0-9]{5}$' },
    address: { type: 'object', properties: { zip: { $ref: '#/$defs/zip' } }, required: ['zip'] },
    node: {
      type: 'object',
      properties: { value: { type: 'number' }, kids: { type: 'array', items: { $ref: '#/$defs/node' } } },
    },
  },
  properties: { home: { $ref: '#/$defs/address' }, tree: { $ref: '#/$defs/node' } },
};

describe('createToolInputValidator with $ref', () => {
  it('follows local, nested and recursive refs', () => {
    const check = createToolInputValidator(schema);
    expect(check({ home: { zip: '12345' }, tree: { value: 1, kids: [{ value: 2, kids: [{ value: 3 }] }] } })).toBe(
      undefined,
    );
    expect(check({ home: { zip: 'oslo' } })).toBe('/home/zip: String does not match pattern.');
    expect(check({ tree: { kids: [{ kids: [{ value: 'x' }] }] } })).toBe(
      '/tree/kids/0/kids/0/value: Instance type "string" is invalid. Expected "number".',
    );
    expect(validateToolInput(schema, { home: {} })).toMatch(/does not match the tool's schema — \/home: .*"zip"/);
  });

  it('never fetches a remote ref and still checks the rest; a cycle or a missing ref does not throw or hang', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const remote = createToolInputValidator({
      type: 'object',
      properties: { a: { $ref: 'https://evil.example/schema.json' }, b: { type: 'integer' } },
    });
    expect(remote({ a: 'x', b: 1 })).toBe(undefined);
    expect(remote({ a: 'x', b: 'y' })).toMatch(/^\/b: /);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    const cyclic = createToolInputValidator({
      type: 'object',
      $defs: { a: { anyOf: [{ $ref: '#/$defs/b' }] }, b: { $ref: '#/$defs/a' } },
      properties: { x: { $ref: '#/$defs/a' }, n: { type: 'number' } },
    });
    expect(cyclic({ x: 1, n: 'no' })).toMatch(/^\/n: /);
    expect(createToolInputValidator({ type: 'object', properties: { x: { $ref: '#/nope' } } })({ x: 1 })).toBe(
      undefined,
    );
  });
});
