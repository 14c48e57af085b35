import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../message/message';
import { findHistoryProblems } from '../message/find-history-problems';
import { repairHistory } from '../message/repair-history';
import { runToolLoop } from '../run/run-tool-loop';
import { collectRun } from '../testing/collect-run';
import { debugRun } from '../testing/debug-driver';
import { createFakeEnvironment } from '../testing/fake-environment';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { createScriptedModel, type ScriptedReply } from '../testing/scripted-model';
import { forkHistory } from './fork-history';
import { text, use } from '../testing/weather-fixture';

const replies: ScriptedReply[] = [
  { content: [text('Checking.'), use('c1', 'weather', { city: 'Paris' }), use('c2', 'weather', { city: 'Rome' })] },
  { content: [use('c3', 'advice')] },
  { content: [text('Wear a jacket.')] },
];
const tools = () => [
  createInMemoryTool({ name: 'weather', run: (input) => `Sunny in ${String(input['city'])}` }),
  createInMemoryTool({ name: 'advice', run: () => 'Jacket' }),
];
const userMessage: Message = { role: 'user', content: [text('What should I wear?')] };

async function fullRun() {
  return collectRun(
    runToolLoop({
      model: createScriptedModel(replies),
      tools: tools(),
      history: [],
      userMessage,
      environment: createFakeEnvironment(),
    }),
  );
}

describe('forkHistory', () => {
  it('gives the messages each round sent, valid and ending with a user message', async () => {
    const { events } = await fullRun();
    expect(forkHistory(events, 1).messages).toEqual([userMessage]);
    expect(forkHistory(events, 2).messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(forkHistory(events, 3).messages).toHaveLength(5);
    for (const round of [1, 2, 3]) {
      const { messages, changes } = forkHistory(events, round);
      expect(changes).toEqual([]);
      expect(messages.at(-1)?.role).toBe('user');
    }
  });

  it('includes an edit of the request made at that round', async () => {
    const { events } = await debugRun({ replies: [{ content: [text('ok')] }] })
      .send('Hi')
      .editRequest({ messages: [{ role: 'user', content: [text('Edited question')] }] })
      .continue()
      .expectEnd('end_turn');
    expect(forkHistory(events, 1).messages).toEqual([{ role: 'user', content: [text('Edited question')] }]);
  });

  it('a fork runs from the prefix without a new user message, and the original is untouched', async () => {
    const original = await fullRun();
    const before = JSON.stringify(original.events);
    const { messages } = forkHistory(original.events, 2);
    const fork = await collectRun(
      runToolLoop({
        model: createScriptedModel([{ content: [text('A different path.')] }]),
        tools: tools(),
        history: messages,
        environment: createFakeEnvironment(),
      }),
    );
    expect(findRunProblems(fork.events, fork.result)).toEqual([]);
    expect(fork.result.messages.slice(0, 3)).toEqual(messages);
    expect(fork.result.finishReason).toBe('end_turn');
    expect(JSON.stringify(original.events)).toBe(before);
  });

  it('property: a run cut at any event forks into a valid history at any round', async () => {
    const { events } = await fullRun();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: events.length }),
        fc.integer({ min: 1, max: 5 }),
        async (cut, round) => {
          const { messages } = forkHistory(events.slice(0, cut), round);
          expect(findHistoryProblems(messages)).toEqual([]);
          expect(repairHistory(messages).changes).toEqual([]);
          if (messages.length === 0) return;
          const fork = await collectRun(
            runToolLoop({
              model: createScriptedModel([{ content: [text('ok')] }]),
              tools: tools(),
              history: messages,
              environment: createFakeEnvironment(),
            }),
          );
          expect(findRunProblems(fork.events, fork.result)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
