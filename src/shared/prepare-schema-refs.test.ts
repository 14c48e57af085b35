import { describe, expect, it } from 'vitest';
import { describeUnfollowedRefs, MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES, prepareSchemaRefs } from './prepare-schema-refs';

const address = { type: 'object', properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' } } };

function unfollowed(schema: Record<string, unknown>) {
  const prepared = prepareSchemaRefs(schema);
  if (!prepared.ok) throw new Error(prepared.why);
  return prepared.unfollowed.map(({ at, why }) => `${at} ${why}`);
}

describe('prepareSchemaRefs', () => {
  it('keeps local, nested, recursive, anchored, escaped and $id references as they are', () => {
    const schema = {
      $id: 'https://tools.example/weather.json',
      type: 'object',
      $defs: {
        address,
        'a/b': { type: 'number' },
        'c d': { type: 'number' },
        person: { type: 'object', properties: { home: { $ref: '#/$defs/address' } } },
        node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } },
        named: { $anchor: 'named', type: 'string' },
        inner: { $id: 'inner.json', type: 'integer' },
      },
      definitions: { old: { type: 'boolean' } },
      properties: {
        p: { $ref: '#/$defs/person' },
        tree: { $ref: '#/$defs/node' },
        slash: { $ref: '#/$defs/a~1b' },
        space: { $ref: '#/$defs/c%20d' },
        anchor: { $ref: '#named' },
        inner: { $ref: 'inner.json' },
        absolute: { $ref: 'https://tools.example/weather.json#/$defs/address' },
        old: { $ref: '#/definitions/old' },
      },
    };
    const prepared = prepareSchemaRefs(schema);
    expect(prepared).toEqual({ ok: true, schema, unfollowed: [] });
    // The same object comes back, so validators compiled per schema object stay cached.
    expect(prepared.ok && prepared.schema).toBe(schema);
  });

  it('never follows a reference to another document, absolute or relative', () => {
    const schema = {
      type: 'object',
      properties: {
        remote: { $ref: 'https://evil.example/schema.json', type: 'string' },
        relative: { $ref: 'other.json#/$defs/x' },
        local: { $ref: '#/$defs/address' },
      },
      $defs: { address },
    };
    expect(unfollowed(schema).sort()).toEqual(['/properties/relative remote', '/properties/remote remote']);
    const prepared = prepareSchemaRefs(schema);
    // The ref goes; its siblings still apply; the original is untouched.
    expect(prepared.ok && prepared.schema['properties']).toEqual({
      remote: { type: 'string' },
      relative: {},
      local: { $ref: '#/$defs/address' },
    });
    expect(schema.properties.remote.$ref).toBe('https://evil.example/schema.json');
    expect(describeUnfollowedRefs(prepared.ok ? prepared.unfollowed : []).join(' ')).toMatch(/never fetches/);
  });

  it('finds references that point nowhere', () => {
    expect(unfollowed({ type: 'object', properties: { a: { $ref: '#/$defs/nope' }, b: { $ref: '#nope' } } })).toEqual([
      '/properties/a missing',
      '/properties/b missing',
    ]);
  });

  it('finds loops that never reach a value, and leaves recursion through properties alone', () => {
    expect(unfollowed({ $ref: '#' })).toEqual([' cycle']);
    expect(
      unfollowed({
        type: 'object',
        $defs: { a: { $ref: '#/$defs/b' }, b: { allOf: [{ $ref: '#/$defs/a' }] } },
        properties: { x: { $ref: '#/$defs/a' } },
      }).sort(),
    ).toEqual(['/$defs/a cycle', '/$defs/b/allOf/0 cycle']);
    expect(unfollowed({ type: 'object', properties: { self: { $ref: '#' } } })).toEqual([]);
  });

  it('bounds huge and deep schemas without recursing', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10_000; level += 1) deep = { type: 'object', properties: { a: deep } };
    const tooDeep = prepareSchemaRefs(deep);
    expect(tooDeep.ok).toBe(false);
    expect(!tooDeep.ok && tooDeep.why).toContain(String(MAX_SCHEMA_DEPTH));
    const wide = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: MAX_SCHEMA_NODES + 1 }, (_, index) => [`p${index}`, { $ref: '#/$defs/a' }]),
      ),
      $defs: { a: { type: 'string' } },
    };
    const tooWide = prepareSchemaRefs(wide);
    expect(!tooWide.ok && tooWide.why).toContain(String(MAX_SCHEMA_NODES));
  });

  it('handles many references to one definition (one shared target)', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5_000 }, (_, index) => [`p${index}`, { $ref: '#/$defs/a' }]),
    );
    expect(unfollowed({ type: 'object', properties, $defs: { a: { type: 'string' } } })).toEqual([]);
  });
});
