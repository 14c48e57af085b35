import { describe, expect, it, vi } from 'vitest';
import { validateJson } from './validate-json';

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

describe('validateJson', () => {
  it('gives the value when the text parses and matches', () => {
    expect(validateJson('{"city":"Oslo"}', schema)).toEqual({ valid: true, value: { city: 'Oslo' } });
    expect(validateJson('[1, 2]')).toEqual({ valid: true, value: [1, 2] });
  });

  it('says where the JSON is broken', () => {
    const result = validateJson('{\n  "city": Oslo\n}', schema);
    expect(result.valid).toBe(false);
    expect(!result.valid && result.problems[0]).toMatch(/^Not valid JSON/);
  });

  it('names the schema problem, not only that a subschema failed', () => {
    const result = validateJson('{"town":"Oslo"}', schema);
    expect(!result.valid && result.problems.join(' ')).toMatch(/city/);
  });

  const refSchema = {
    type: 'object',
    $defs: {
      zip: { type: 'string', pattern: '^[0-9]{5}$' },
      node: { type: 'object', properties: { zip: { $ref: '#/$defs/zip' }, next: { $ref: '#/$defs/node' } } },
    },
    properties: { chain: { $ref: '#/$defs/node' } },
  };

  it('follows local $refs, nested and recursive', () => {
    expect(validateJson('{"chain":{"next":{"next":{"zip":"12345"}}}}', refSchema)).toEqual({
      valid: true,
      value: { chain: { next: { next: { zip: '12345' } } } },
    });
    const result = validateJson('{"chain":{"next":{"next":{"zip":"oslo"}}}}', refSchema);
    expect(result).toMatchObject({ valid: false, problems: ['/chain/next/next/zip: String does not match pattern.'] });
    expect(result.notes).toBeUndefined();
  });

  it('never fetches a remote $ref, checks the rest and says so', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: 'https://evil.example/s.json' }, b: { type: 'integer' } },
    };
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(validateJson('{"a":"anything","b":1}', schema)).toMatchObject({ valid: true });
    const bad = validateJson('{"a":"anything","b":"x"}', schema);
    expect(bad).toMatchObject({ valid: false, problems: [expect.stringMatching(/^\/b:/)] });
    expect(bad.notes?.[0]).toMatch(/https:\/\/evil\.example\/s\.json.*never fetches/);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('survives a ref cycle, a missing ref and a value deeper than the validator can go', () => {
    const cyclic = {
      type: 'object',
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
      properties: { x: { $ref: '#/$defs/a' } },
    };
    expect(validateJson('{"x":1}', cyclic).notes).toEqual([
      expect.stringMatching(/^\$ref "#\/\$defs\/b" at \/\$defs\/a loops back/),
      expect.stringMatching(/^\$ref "#\/\$defs\/a" at \/\$defs\/b loops back/),
    ]);
    expect(validateJson('{"x":1}', { type: 'object', properties: { x: { $ref: '#/$defs/none' } } })).toMatchObject({
      valid: true,
      notes: [expect.stringMatching(/points to nothing/)],
    });
    const recursive = { $defs: { n: { type: 'array', items: { $ref: '#/$defs/n' } } }, $ref: '#/$defs/n' };
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    expect(validateJson(deep, recursive)).toMatchObject({
      valid: false,
      problems: [expect.stringMatching(/^Could not check this value against the schema/)],
    });
  });
});
