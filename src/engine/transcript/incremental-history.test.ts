import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../event/run-event';
import type { ContentBlock, Message, ToolResultContentBlock } from '../message/message';
import { repairHistory } from '../message/repair-history';
import { foldHistory } from './fold-history';
import { createIncrementalHistory } from './incremental-history';

const ids = ['a', 'b', 'c', 'd'] as const;
const text = (value: string): ContentBlock & ToolResultContentBlock => ({ type: 'text', text: value });

// Blocks that exercise every repair: empty text, reused ids, orphan and duplicate results, images in errors.
const blockArbitrary: fc.Arbitrary<ContentBlock> = fc.oneof(
  fc.constantFrom('', 'hi', 'hello there').map(text),
  fc.constantFrom(...ids).map((id): ContentBlock => ({ type: 'tool_use', id, name: 'tool', input: { id } })),
  fc
    .record({ id: fc.constantFrom(...ids, 'zz'), isError: fc.boolean(), image: fc.boolean() })
    .map(({ id, isError, image }): ContentBlock => ({
      type: 'tool_result',
      tool_use_id: id,
      content: image
        ? [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } }]
        : [text(`result ${id}`)],
      ...(isError ? { is_error: true } : {}),
    })),
);
const contentArbitrary = fc.array(blockArbitrary, { maxLength: 4 });
const messageArbitrary = (role: 'user' | 'assistant'): fc.Arbitrary<Message> =>
  contentArbitrary.map((content) => ({ role, content }));
const anyMessage = fc.oneof(messageArbitrary('user'), messageArbitrary('assistant'));
// What only a person's edit can bring: a role the API does not have, content that is a plain string.
const oddMessage = fc.oneof(
  fc.constant({ role: 'system', content: [text('odd role')] } as unknown as Message),
  fc.constant({ role: 'user', content: 'plain string' } as unknown as Message),
);

const eventArbitrary: fc.Arbitrary<RunEvent> = fc.oneof(
  { weight: 6, arbitrary: messageArbitrary('assistant').map((message) => endOf(message)) },
  { weight: 6, arbitrary: messageArbitrary('user').map((message) => commitOf(message)) },
  { weight: 1, arbitrary: fc.array(anyMessage, { maxLength: 5 }).map((messages) => startOf(messages)) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.oneof({ weight: 5, arbitrary: anyMessage }, { weight: 1, arbitrary: oddMessage }), { maxLength: 5 })
      .map((after): RunEvent => ({
        type: 'edit-apply',
        at: 0,
        round: 1,
        pauseId: 'pause_1',
        what: 'request.messages',
        before: null,
        after,
      })),
  },
  { weight: 1, arbitrary: fc.constant<RunEvent>({ type: 'round-end', at: 0, round: 1 }) },
);

function startOf(messages: Message[]): RunEvent {
  return { type: 'run-start', at: 0, runId: 'run_1', tools: [], messages, maxRounds: 10 };
}
function endOf(message: Message): RunEvent {
  const usage = { inputTokens: 1, outputTokens: 1 };
  return {
    type: 'response-end',
    at: 0,
    round: 1,
    message,
    stopReason: null,
    usage,
    timing: { startedAt: 0, endedAt: 0 },
  };
}
function commitOf(message: Message): RunEvent {
  return { type: 'tool-results-commit', at: 0, round: 1, message };
}

const toolUseIds = (messages: readonly Message[]): string[] =>
  messages.flatMap((message) => message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])));

describe('createIncrementalHistory', () => {
  it('always equals the full fold of the events, and that fold repaired (after every event)', () => {
    fc.assert(
      fc.property(
        fc.array(anyMessage, { maxLength: 4 }),
        fc.array(eventArbitrary, { maxLength: 30 }),
        (start, rest) => {
          const events: RunEvent[] = [startOf(start), ...rest];
          const history = createIncrementalHistory();
          events.forEach((event, index) => {
            history.observe(event);
            const folded = foldHistory(events.slice(0, index + 1));
            const repaired = repairHistory(folded).messages;
            expect(history.folded()).toEqual(folded);
            expect(history.repaired()).toEqual(repaired);
            // Read every other event, so the kept array is brought up to date over one change and over several.
            if (index % 2 === 0 || index === events.length - 1) expect(history.sendable()).toEqual(repaired);
            const kept = new Set(toolUseIds(repaired));
            for (const id of [...ids, 'zz']) expect(history.hasToolUse(id)).toBe(kept.has(id));
            expect(history.hasMedia()).toBe(JSON.stringify(repaired).includes('"type":"image"'));
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps a long valid run as it is, its settled messages the same objects round after round', () => {
    const history = createIncrementalHistory();
    history.observe(startOf([{ role: 'user', content: [text('Go.')] }]));
    let before: Message[] = [];
    for (let round = 0; round < 50; round += 1) {
      const id = `call_${round}`;
      history.observe(endOf({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'tool', input: {} }] }));
      history.observe(
        commitOf({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: [text('ok')] }] }),
      );
      const now = history.repaired();
      expect(now).toHaveLength(2 * round + 3);
      // Everything but the open tail is shared with the previous read, not rebuilt.
      before.slice(0, -2).forEach((message, index) => expect(now[index]).toBe(message));
      before = now;
    }
    expect(repairHistory(before).changes).toEqual([]);
  });

  it('hands out one array that grows with the run, and a new one when the history is replaced', () => {
    const history = createIncrementalHistory();
    history.observe(startOf([{ role: 'user', content: [text('Go.')] }]));
    const first = history.sendable();
    const seen: Message[][] = [];
    for (let round = 0; round < 20; round += 1) {
      const id = `call_${round}`;
      history.observe(endOf({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'tool', input: {} }] }));
      // Read mid-round too: the open tool_use is answered as cancelled there, then the real result replaces it.
      expect(history.sendable()).toEqual(history.repaired());
      history.observe(
        commitOf({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: [text('ok')] }] }),
      );
      const now = history.sendable();
      expect(now).toBe(first);
      expect(now).toEqual(history.repaired());
      seen.push(structuredClone(now));
    }
    expect(repairHistory(first).changes).toEqual([]);
    expect(first).toHaveLength(41);
    // A new run-start (or an edit of the request's messages) starts a new array; the old one is left as it was.
    history.observe(startOf([{ role: 'assistant', content: [text('Hello.')] }]));
    const replaced = history.sendable();
    expect(replaced).not.toBe(first);
    expect(first).toEqual(seen.at(-1));
    expect(replaced).toEqual(repairHistory([{ role: 'assistant', content: [text('Hello.')] }]).messages);
  });

  it('does not mutate what it observes', () => {
    const message: Message = { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'tool', input: {} }] };
    const snapshot = structuredClone(message);
    const history = createIncrementalHistory();
    history.observe(startOf([{ role: 'user', content: [text('Go.')] }]));
    history.observe(endOf(message));
    history.observe(endOf(message));
    history.repaired();
    expect(message).toEqual(snapshot);
  });
});
