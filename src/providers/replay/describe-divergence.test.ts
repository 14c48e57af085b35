import { describe, expect, it } from 'vitest';
import type { Message } from '../../engine/message/message';
import type { TranscriptRound } from '../../engine/transcript/transcript';
import { describeReplyDivergence, describeRequestDivergence } from './describe-divergence';

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const round: TranscriptRound = {
  round: 2,
  request: { provider: 'x', model: 'm', toolNames: ['a', 'b'], messageCount: 2, maxTokens: 10 },
  response: {
    content: [
      { type: 'text', text: 'Calling.' },
      { type: 'tool_use', id: 't1', name: 'a', input: { city: 'Oslo', days: 2 } },
    ],
    stopReason: 'tool_use',
    usage: { inputTokens: 1, outputTokens: 1 },
    interrupted: false,
    timing: { startedAt: 0, endedAt: 1, durationMs: 1 },
  },
  toolCalls: [],
};
const tool = (name: string) => ({ name, description: '', input_schema: { type: 'object' } });
const history = [user('Hi'), { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] } as Message];

describe('describeRequestDivergence', () => {
  it('finds nothing when the request is the recorded one (key order aside)', () => {
    const request = { tools: [tool('a'), tool('b')], messages: structuredClone(history) };
    expect(describeRequestDivergence(round, request, history)).toEqual([]);
  });

  it('names other tools and the first message that differs, with both versions', () => {
    const request = { tools: [tool('a')], messages: [user('Hey'), history[1]!] };
    expect(describeRequestDivergence(round, request, history)).toEqual([
      'Round 2: the tools sent (a) differ from the recorded ones (a, b).',
      'Round 2: message 1 differs from the recording — now user "Hey"; recorded user "Hi".',
    ]);
  });

  it('names a longer conversation when every recorded message matches', () => {
    const request = { tools: [tool('a'), tool('b')], messages: [...history, user('More')] };
    expect(describeRequestDivergence(round, request, history)).toEqual([
      'Round 2: 3 messages were sent where the recording sent 2.',
    ]);
  });
});

describe('describeReplyDivergence', () => {
  it('finds nothing for the same calls, text and stop reason (input key order aside)', () => {
    const content = [
      { type: 'text' as const, text: 'Calling.' },
      { type: 'tool_use' as const, id: 'other', name: 'a', input: { days: 2, city: 'Oslo' } },
    ];
    expect(describeReplyDivergence(round, content, 'tool_use')).toBeUndefined();
  });

  it('says other calls first, then other text, then another stop reason', () => {
    expect(describeReplyDivergence(round, [{ type: 'text', text: 'No.' }], 'end_turn')).toBe(
      'Round 2: the model called no tool where the recording called a {"city":"Oslo","days":2}.',
    );
    const same = round.response!.content;
    expect(describeReplyDivergence(round, [{ type: 'text', text: 'Calling now.' }, same[1]!], 'tool_use')).toBe(
      'Round 2: the reply\'s text differs from the recording — now "Calling now."; recorded "Calling.".',
    );
    expect(describeReplyDivergence(round, same, 'max_tokens')).toBe(
      'Round 2: the reply stopped with max_tokens where the recording stopped with tool_use.',
    );
  });

  it('says when the model answered where the recorded call had failed', () => {
    expect(describeReplyDivergence({ ...round, response: null }, [], 'end_turn')).toBe(
      'Round 2: the model answered where the recorded call had failed.',
    );
  });
});
