import { describe, expect, it } from 'vitest';
import { checkToolDefinition } from './check-tool-definition';

const good = { name: 'weather_get', description: 'Weather.', inputSchema: { type: 'object', properties: {} } };

describe('checkToolDefinition', () => {
  it('accepts a valid definition', () => {
    expect(checkToolDefinition(good)).toEqual([]);
    expect(
      checkToolDefinition({
        ...good,
        inputSchema: {
          type: 'object',
          properties: { days: { type: 'integer', minimum: 1 }, unit: { enum: ['C', 'F'] } },
          required: ['days'],
        },
      }),
    ).toEqual([]);
  });

  it("enforces the providers' name rule and uniqueness", () => {
    expect(checkToolDefinition({ ...good, name: 'has space' })[0]).toMatch(/^Name:/);
    expect(checkToolDefinition({ ...good, name: 'x'.repeat(65) })[0]).toMatch(/^Name:/);
    expect(checkToolDefinition({ ...good, name: '' })[0]).toMatch(/^Name:/);
    expect(checkToolDefinition(good, ['weather_get'])[0]).toMatch(/already exposed/);
  });

  it('rejects a schema that is not an object schema', () => {
    expect(checkToolDefinition({ ...good, inputSchema: [] })).toEqual(['Input schema: must be a JSON object.']);
    expect(checkToolDefinition({ ...good, inputSchema: { type: 'string' } })).toContain(
      'Input schema: the top level must have "type": "object".',
    );
  });

  it('checks the schema against the draft-07 meta-schema, saying where', () => {
    const problems = checkToolDefinition({
      ...good,
      inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 'one' } }, required: 'n' },
    });
    expect(problems.some((problem) => problem.startsWith('Input schema at /properties/n/minimum'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('Input schema at /required'))).toBe(true);
  });

  it('limits the description length', () => {
    expect(checkToolDefinition({ ...good, description: 'x'.repeat(10_001) })[0]).toMatch(/^Description:/);
  });

  it('takes 2020-12 $defs with local refs, checks the definitions as schemas, and names broken refs', () => {
    const defs = { address: { type: 'object', properties: { zip: { type: 'string' } } } };
    const properties = { home: { $ref: '#/$defs/address' }, self: { $ref: '#' } };
    expect(checkToolDefinition({ ...good, inputSchema: { type: 'object', $defs: defs, properties } })).toEqual([]);
    expect(
      checkToolDefinition({ ...good, inputSchema: { type: 'object', $defs: { bad: { type: 'nonsense' } } } }).join(' '),
    ).toMatch(/Input schema at \/\$defs\/bad/);
    expect(
      checkToolDefinition({ ...good, inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/gone' } } } }),
    ).toEqual(['Input schema at /properties/a: $ref "#/$defs/gone" points to nothing in the schema.']);
    expect(
      checkToolDefinition({ ...good, inputSchema: { type: 'object', $defs: { a: { $ref: '#/$defs/a' } } } }),
    ).toEqual(['Input schema at /$defs/a: $ref "#/$defs/a" loops back without reaching a value.']);
    // A ref to another document is not refused here (the editor notes Loupe never fetches it).
    expect(
      checkToolDefinition({
        ...good,
        inputSchema: { type: 'object', properties: { a: { $ref: 'https://x.example/s' } } },
      }),
    ).toEqual([]);
  });

  it('refuses a schema too deep to check without walking it recursively', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 5_000; level += 1) deep = { type: 'object', properties: { a: deep } };
    expect(checkToolDefinition({ ...good, inputSchema: deep }).join(' ')).toMatch(/nests deeper than 100 levels/);
  });
});
