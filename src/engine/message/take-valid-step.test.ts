import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from './message';
import { normalizeMessage, pairStep, repairHistory } from './repair-history';
import { takeValidStep } from './take-valid-step';

const ids = ['a', 'b', 'c'] as const;
const image: ContentBlock = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } };
const textOf = (text: string): ContentBlock => ({ type: 'text', text });

// Mostly well-formed steps (a call and its results) with every flaw a repair fixes mixed in now and then.
const callsArbitrary = fc.uniqueArray(fc.constantFrom(...ids), { minLength: 0, maxLength: 3 });
const assistantArbitrary: fc.Arbitrary<Message> = fc
  .record({
    calls: callsArbitrary,
    lead: fc.constantFrom('', 'Looking.', null),
    repeat: fc.boolean(),
    stray: fc.boolean(),
  })
  .map(({ calls, lead, repeat, stray }): Message => {
    const content: ContentBlock[] = lead === null ? [] : [textOf(lead)];
    for (const id of calls) content.push({ type: 'tool_use', id, name: 'tool', input: { id } });
    if (repeat && calls[0] !== undefined) content.push({ type: 'tool_use', id: calls[0], name: 'tool', input: {} });
    if (stray) content.push({ type: 'tool_result', tool_use_id: 'a', content: [] });
    return { role: 'assistant', content };
  });
const resultsArbitrary = (calls: readonly string[]): fc.Arbitrary<Message> =>
  fc
    .record({
      order: fc.shuffledSubarray([...calls], { minLength: 0, maxLength: calls.length }),
      keepOrder: fc.boolean(),
      errors: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      withImage: fc.boolean(),
      stringContent: fc.boolean(),
      trailing: fc.constantFrom<ContentBlock[]>([], [textOf('Note.')], [textOf('')], [image]),
      duplicate: fc.boolean(),
    })
    .map(({ order, keepOrder, errors, withImage, stringContent, trailing, duplicate }) => {
      const answered = keepOrder ? calls : order;
      const results = answered.map((id, index): ContentBlock => ({
        type: 'tool_result',
        tool_use_id: id,
        content: (stringContent && index === 0
          ? 'plain'
          : [textOf(`result ${id}`), ...(withImage ? [image] : [])]) as never,
        ...(errors[index] === true ? { is_error: true } : {}),
      }));
      const extra = duplicate && results[0] !== undefined ? [results[0]] : [];
      const message: Message = { role: 'user', content: [...results, ...extra, ...trailing] };
      return message;
    });
const stepArbitrary: fc.Arbitrary<Message[]> = fc.oneof(
  assistantArbitrary.chain((assistant) => {
    const calls = assistant.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
    return fc.oneof(
      {
        weight: 5,
        arbitrary: resultsArbitrary([...new Set(calls)]).map((results): Message[] => [assistant, results]),
      },
      { weight: 1, arbitrary: fc.constant<Message[]>([assistant]) },
    );
  }),
  fc
    .constantFrom<ContentBlock[]>(
      [textOf('Hi.')],
      [],
      [textOf('')],
      [image],
      [textOf('x'), { type: 'tool_use', id: 'z', name: 't', input: {} }],
    )
    .map((content): Message[] => [{ role: 'user', content }]),
);

describe('takeValidStep', () => {
  it('takes a step only when pairStep would give back the same messages and change nothing', () => {
    let taken = 0;
    fc.assert(
      fc.property(stepArbitrary, fc.subarray([...ids]), (messages, earlier) => {
        const fastSeen = new Set<string>(earlier);
        const slowSeen = new Set<string>(earlier);
        const fast = takeValidStep(messages, 0, fastSeen);
        if (fast === undefined) {
          expect(fastSeen).toEqual(new Set(earlier));
          return;
        }
        // Only the messages the step covers: a message after a reply with no calls is the next step's.
        const changes: string[] = [];
        const covered = messages.slice(0, fast.length);
        const normalized = covered.map((message, index) => normalizeMessage(message, index, changes));
        const slow = pairStep(normalized, 0, slowSeen, 1, changes);
        taken += 1;
        expect(changes).toEqual([]);
        expect(fast).toEqual(slow.messages);
        expect(fast.length).toBe(slow.next);
        expect(fastSeen).toEqual(slowSeen);
        fast.forEach((message, index) => expect(message).toBe(messages[index]));
      }),
      { numRuns: 2000 },
    );
    // The generator must exercise the fast path, not only the fallbacks.
    expect(taken).toBeGreaterThan(100);
  });

  it('leaves a call whose results have not come yet to the repair', () => {
    const call: Message = { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'tool', input: {} }] };
    expect(takeValidStep([call], 0, new Set())).toBeUndefined();
    const history: Message[] = [{ role: 'user', content: [textOf('Go.')] }, call];
    expect(repairHistory(history).changes).not.toEqual([]);
  });
});
