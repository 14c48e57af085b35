import { describe, expect, it } from 'vitest';
import { MAX_TOOL_INPUT_DEPTH } from '../../shared/json-depth';
import { parseToolInput, type ParsedToolInput } from './parse-tool-input';

const nested = (depth: number): string => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
const messageOf = (parsed: ParsedToolInput): string => (parsed.ok ? '' : parsed.message);

describe('parseToolInput', () => {
  it('takes empty input as {} and refuses what is not one JSON object', () => {
    expect(parseToolInput('  ')).toEqual({ ok: true, input: {} });
    expect(parseToolInput('{"b": 1, "a": [2]}')).toEqual({ ok: true, input: { b: 1, a: [2] } });
    expect(messageOf(parseToolInput('[1]'))).toContain('an array');
    expect(messageOf(parseToolInput('{"a": 1'))).toContain('not valid JSON');
    expect(parseToolInput('{"a": 1,}', { repair: true })).toEqual({ ok: true, input: { a: 1 }, repaired: true });
  });

  it('accepts input nested to the limit and refuses one level more, before parsing it', () => {
    expect(parseToolInput(nested(MAX_TOOL_INPUT_DEPTH)).ok).toBe(true);
    const tooDeep = parseToolInput(nested(MAX_TOOL_INPUT_DEPTH + 1));
    expect(tooDeep.ok).toBe(false);
    expect(messageOf(tooDeep)).toContain(`${MAX_TOOL_INPUT_DEPTH}`);
  });

  it('checks the depth of text just past the limit in length, and not of shorter text (it cannot be too deep)', () => {
    // As long as the limit: at most that deep, so it reaches the parser (and is not JSON).
    expect(messageOf(parseToolInput('['.repeat(MAX_TOOL_INPUT_DEPTH)))).toContain('not valid JSON');
    // One character longer, one level deeper: refused for its depth, not parsed.
    const tooDeep = parseToolInput('['.repeat(MAX_TOOL_INPUT_DEPTH + 1));
    expect(tooDeep.ok).toBe(false);
    expect(messageOf(tooDeep)).not.toContain('not valid JSON');
    expect(messageOf(tooDeep)).toContain(`${MAX_TOOL_INPUT_DEPTH}`);
  });
});
