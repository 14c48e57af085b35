import { describe, expect, it } from 'vitest';
import { parsePromptedReply } from './parse-prompted-reply';

const tools = [{ name: 'deep', description: 'Takes anything.', input_schema: { type: 'object' } }];

describe('parsePromptedReply depth limit', () => {
  it('takes a call nested 100,000 levels deep as text, saying why', () => {
    const reply = `{"name": "deep", "arguments": {"a": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    expect(parsePromptedReply(reply, tools)).toEqual({
      kind: 'text',
      reason: 'The reply looked like a tool call but was taken as text: it nests more than 64 levels deep.',
    });
  });

  it('accepts a call at the limit', () => {
    const reply = `{"name": "deep", "arguments": {"a": ${'['.repeat(61)}${']'.repeat(61)}}}`;
    expect(parsePromptedReply(reply, tools)).toMatchObject({ kind: 'call', name: 'deep' });
  });
});
