import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from './find-history-problems';
import type { ContentBlock, ImageBlock, Message, TextBlock } from './message';
import { repairHistory, repairOwnedHistory } from './repair-history';

const ids = ['a', 'b', 'c', 'd'] as const;
const text = (value: string): TextBlock => ({ type: 'text', text: value });
const use = (id: string): ContentBlock => ({ type: 'tool_use', id, name: 'tool', input: {} });
const result = (id: string, isError = false): ContentBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content: [text(`result ${id}`)],
  ...(isError ? { is_error: true } : {}),
});
const image: ImageBlock = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } };

const blockArbitrary: fc.Arbitrary<ContentBlock> = fc.oneof(
  fc.constantFrom('', 'hi', 'hello there').map(text),
  fc.constantFrom(...ids).map(use),
  fc
    .record({
      id: fc.constantFrom(...ids, 'zz'),
      isError: fc.option(fc.boolean(), { nil: undefined }),
      parts: fc.array(fc.constantFrom(text('out'), image), { maxLength: 3 }),
    })
    .map(({ id, isError, parts }): ContentBlock => ({
      type: 'tool_result',
      tool_use_id: id,
      content: parts,
      ...(isError === undefined ? {} : { is_error: isError }),
    })),
  fc.constant(image),
);

const messageArbitrary: fc.Arbitrary<Message> = fc.record({
  role: fc.constantFrom('user' as const, 'assistant' as const),
  content: fc.array(blockArbitrary, { maxLength: 5 }),
});

/** A valid conversation: rounds of user text → assistant tool calls → results, ending anywhere valid. */
const validHistoryArbitrary: fc.Arbitrary<Message[]> = fc
  .array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 5 })
  .map((callCounts) => {
    const history: Message[] = [{ role: 'user', content: [text('start')] }];
    let next = 0;
    for (const count of callCounts) {
      const callIds = Array.from({ length: count }, () => `call_${(next += 1)}`);
      history.push({ role: 'assistant', content: [text('thinking aloud'), ...callIds.map(use)] });
      history.push({
        role: 'user',
        content: count === 0 ? [text('go on')] : callIds.map((id, index) => result(id, index % 2 === 1)),
      });
    }
    return history;
  });

type Edit = { kind: 'truncate' | 'drop-message' | 'drop-block' | 'swap' | 'duplicate'; at: number; other: number };
const editArbitrary: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('truncate', 'drop-message', 'drop-block', 'swap', 'duplicate'),
  at: fc.nat(20),
  other: fc.nat(20),
});

function applyEdit(history: Message[], edit: Edit): Message[] {
  if (history.length === 0) return history;
  const at = edit.at % history.length;
  const other = edit.other % history.length;
  const copy = history.map((message) => ({ role: message.role, content: [...message.content] }));
  const target = copy[at];
  switch (edit.kind) {
    case 'truncate':
      return copy.slice(0, at);
    case 'drop-message':
      return copy.filter((_, index) => index !== at);
    case 'drop-block':
      if (target) target.content.splice(edit.other % Math.max(1, target.content.length), 1);
      return copy;
    case 'swap': {
      const first = copy[at];
      const second = copy[other];
      if (first && second) [copy[at], copy[other]] = [second, first];
      return copy;
    }
    case 'duplicate':
      if (target) copy.splice(at, 0, { role: target.role, content: [...target.content] });
      return copy;
  }
}

describe('repairHistory', () => {
  it('leaves a valid history unchanged', () => {
    fc.assert(
      fc.property(validHistoryArbitrary, (history) => {
        expect(findHistoryProblems(history)).toEqual([]);
        const repaired = repairHistory(history);
        expect(repaired.changes).toEqual([]);
        expect(repaired.messages).toEqual(history);
      }),
    );
  });

  it('turns any random history into a valid one, idempotently', () => {
    fc.assert(
      fc.property(fc.array(messageArbitrary, { maxLength: 8 }), (history) => {
        const once = repairHistory(history);
        expect(findHistoryProblems(once.messages)).toEqual([]);
        const twice = repairHistory(once.messages);
        expect(twice.changes).toEqual([]);
        expect(twice.messages).toEqual(once.messages);
      }),
      { numRuns: 500 },
    );
  });

  it('repairs truncated and edited valid histories', () => {
    fc.assert(
      fc.property(validHistoryArbitrary, fc.array(editArbitrary, { maxLength: 4 }), (history, edits) => {
        const edited = edits.reduce(applyEdit, history);
        const once = repairHistory(edited);
        expect(findHistoryProblems(once.messages)).toEqual([]);
        expect(repairHistory(once.messages).changes).toEqual([]);
        if (findHistoryProblems(edited).length > 0) expect(once.changes.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('gives an owned history that needs no repair back as it is, and repairs any other as repairHistory does', () => {
    const histories = fc.oneof(
      validHistoryArbitrary,
      fc.array(messageArbitrary, { maxLength: 8 }),
      fc
        .tuple(validHistoryArbitrary, fc.array(editArbitrary, { maxLength: 4 }))
        .map(([history, edits]) => edits.reduce(applyEdit, history)),
    );
    fc.assert(
      fc.property(histories, (history) => {
        const repaired = repairHistory(history);
        const owned = repairOwnedHistory(structuredClone(history));
        if (repaired.changes.length === 0 && owned.changes.length === 0)
          // Taken as it is only where the repair gives back an equal history.
          expect(owned.messages).toEqual(repaired.messages);
        else expect(owned).toEqual(repaired);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(validHistoryArbitrary, (history) => {
        expect(repairOwnedHistory(history).messages).toBe(history);
      }),
    );
  });

  it('repairs an owned history whose shape the repair would change, though the API would take it', () => {
    const extraKey = [{ role: 'user', content: [text('hi')], cache: true } as Message];
    expect(repairOwnedHistory(extraKey).messages).toEqual([{ role: 'user', content: [text('hi')] }]);
    const stringResult = [
      { role: 'user', content: [text('go')] },
      { role: 'assistant', content: [use('a')] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'a', content: 'done' } as unknown as ContentBlock],
      },
    ] satisfies Message[];
    expect(repairOwnedHistory(stringResult).messages[2]!.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'a',
      content: [text('done')],
    });
    const system = [{ role: 'system', content: [text('hi')] } as unknown as Message];
    expect(repairOwnedHistory(system).messages[0]!.role).toBe('user');
  });

  it('does not mutate its input', () => {
    const history: Message[] = [{ role: 'assistant', content: [use('a'), text('')] }];
    const snapshot = structuredClone(history);
    repairHistory(history);
    expect(history).toEqual(snapshot);
  });

  it('answers an orphan tool_use with a cancelled error result and says so', () => {
    const { messages, changes } = repairHistory([
      { role: 'user', content: [text('hi')] },
      { role: 'assistant', content: [use('a'), use('b')] },
      { role: 'user', content: [text('later'), result('b')] },
    ]);
    expect(messages[2]?.content.map((block) => block.type)).toEqual(['tool_result', 'tool_result', 'text']);
    expect(messages[2]?.content[0]).toMatchObject({ tool_use_id: 'a', is_error: true });
    expect(messages[2]?.content[1]).toMatchObject({ tool_use_id: 'b' });
    expect(changes.join(' ')).toMatch(/'a'.*cancelled/);
    expect(changes.join(' ')).toMatch(/before other content/);
  });

  it('drops unmatched results, merges same-role messages and strips images from error results', () => {
    const { messages, changes } = repairHistory([
      { role: 'user', content: [result('zz')] },
      { role: 'user', content: [text('hello')] },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', is_error: true, content: [image] }] },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: [text('hello')] },
      { role: 'assistant', content: [use('a')] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'a',
            is_error: true,
            content: [text('[non-text content removed from an error result]')],
          },
        ],
      },
    ]);
    expect(changes).toHaveLength(3);
  });

  it('makes the first message a user message and fills empty ones', () => {
    const { messages } = repairHistory([{ role: 'assistant', content: [] }]);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(findHistoryProblems(messages)).toEqual([]);
  });
});
