import { describe, expect, it } from 'vitest';
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
});
