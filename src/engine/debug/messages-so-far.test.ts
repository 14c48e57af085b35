import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import { ORPHAN_RESULT_TEXT } from '../message/repair-history';
import { runToolLoop } from '../run/run-tool-loop';
import { collectRun } from '../testing/collect-run';
import { debugRun } from '../testing/debug-driver';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { createScriptedModel, type ScriptedReply } from '../testing/scripted-model';
import { messagesSoFar } from './messages-so-far';
import { text, use } from '../testing/weather-fixture';

const replies: ScriptedReply[] = [
  { content: [text('Checking.'), use('c1', 'weather', { city: 'Paris' }), use('c2', 'weather', { city: 'Rome' })] },
  { content: [use('c3', 'advice')] },
  { content: [text('Wear a jacket.')] },
];
const userMessage: Message = { role: 'user', content: [text('What should I wear?')] };

describe('messagesSoFar', () => {
  it('before each round is exactly what that round’s request carried; at the end, the final history', async () => {
    const model = createScriptedModel(replies);
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [
          createInMemoryTool({ name: 'weather', run: (input) => `Sunny in ${String(input['city'])}` }),
          createInMemoryTool({ name: 'advice', run: () => 'Jacket' }),
        ],
        history: [],
        userMessage,
        environment: createFakeEnvironment(),
      }),
    );
    const starts = events.flatMap((event, index) => (event.type === 'round-start' ? [index] : []));
    expect(starts).toHaveLength(3);
    starts.forEach((index, round) => {
      const soFar = messagesSoFar(events.slice(0, index));
      expect(soFar.messages).toEqual(model.requests[round]?.messages);
      expect(soFar.pendingCalls).toBe(0);
    });
    expect(messagesSoFar(events)).toEqual({
      messages: result.messages,
      pendingCalls: 0,
      compacted: false,
      fullCount: result.messages.length,
    });
  });

  it('at a pause before a tool, the calls still to run are shown as they are, not as cancelled', async () => {
    const snapshot = await debugRun({
      replies: [replies[0]!, { content: [text('Done.')] }],
      tools: [createInMemoryTool({ name: 'weather', run: () => 'Sunny' })],
    })
      .send('Hi')
      .expectPause('before-request')
      .step()
      .expectPause('after-reply')
      .step()
      .expectPause('before-tool');
    const soFar = messagesSoFar(snapshot.events);
    expect(soFar.pendingCalls).toBe(2);
    expect(soFar.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(JSON.stringify(soFar.messages)).not.toContain(ORPHAN_RESULT_TEXT);
  });

  it('after a run that ended mid-round, the unanswered calls get the repair’s cancelled results', () => {
    const events: RunEvent[] = [
      { type: 'run-start', at: 0, runId: 'r', messages: [userMessage] } as unknown as RunEvent,
      {
        type: 'response-end',
        at: 1,
        round: 1,
        message: { role: 'assistant', content: [use('c1', 'weather')] },
      } as unknown as RunEvent,
      { type: 'run-end', at: 2, finishReason: 'aborted' } as unknown as RunEvent,
    ];
    const soFar = messagesSoFar(events);
    expect(soFar.pendingCalls).toBe(0);
    expect(soFar.messages).toHaveLength(3);
    expect(JSON.stringify(soFar.messages[2])).toContain(ORPHAN_RESULT_TEXT);
  });

  it('with a compaction in force: the compacted prefix, then the history kept, and the full count', () => {
    const summary: Message = { role: 'user', content: [text('Summary of rounds 1–2.')] };
    const kept: Message[] = [
      { role: 'assistant', content: [text('Round 3 reply')] },
      { role: 'user', content: [text('Go on.')] },
    ];
    const full: Message[] = [
      userMessage,
      { role: 'assistant', content: [text('One')] },
      { role: 'user', content: [text('More.')] },
      ...kept,
    ];
    const events = [
      { type: 'run-start', at: 0, runId: 'r', messages: full },
      { type: 'history-compact', at: 1, round: 3, prefix: [summary], keptFrom: 3 },
      { type: 'run-end', at: 2, finishReason: 'end_turn' },
    ] as unknown as RunEvent[];
    expect(messagesSoFar(events)).toEqual({
      messages: [summary, ...kept],
      pendingCalls: 0,
      compacted: true,
      fullCount: 5,
    });
  });
});
