import { describe, expect, it } from 'vitest';
import { describeToolInput, prettyJsonText } from './pretty-json';

describe('pretty JSON', () => {
  it('pretty-prints complete JSON objects and arrays only', () => {
    expect(prettyJsonText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJsonText('[1]')).toBe('[\n  1\n]');
    expect(prettyJsonText('42')).toBeUndefined();
    expect(prettyJsonText('{"a":')).toBeUndefined();
  });

  it('shows the final input, else the partial JSON as streamed', () => {
    expect(describeToolInput({ city: 'Paris' }, '{"ci')).toBe('{\n  "city": "Paris"\n}');
    expect(describeToolInput(undefined, '{"ci')).toBe('{"ci');
    expect(describeToolInput(undefined, '{"city":"Paris"}')).toBe('{\n  "city": "Paris"\n}');
  });
});
