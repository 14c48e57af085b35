import { describe, expect, it } from 'vitest';
import { expandHistories } from '../../shared/compact-request-history';
import type { RunEvent } from '../event/run-event';
import type { ModelRequest, ModelStreamPart } from '../model/model';
import type { SentRequest } from '../model/sent-request';
import { runToolLoop } from '../run/run-tool-loop';
import { collectRun } from '../testing/collect-run';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { createScriptedModel, toParts } from '../testing/scripted-model';
import { buildTranscript, type TranscriptMeta } from './build-transcript';
import { transcriptToEvents } from './transcript-to-events';

const meta: TranscriptMeta = {
  createdAt: '2025-01-01T00:00:00.000Z',
  app: { name: 'Loupe', version: '0.1.0' },
  settings: { provider: 'scripted', model: 'scripted-model', maxRounds: 10, maxTokens: 4096 },
  servers: [],
};

/** What a provider puts on the wire for `request`: here, the engine's messages as they are. */
function wire(request: ModelRequest, status = 200): SentRequest {
  return {
    method: 'POST',
    url: 'https://api.example/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    auth: { header: 'x-api-key' },
    body: { model: 'm', messages: structuredClone(request.messages), stream: true },
    response: { status, requestId: `req_${request.messages.length}` },
  };
}

function recorded(request: ModelRequest, parts: ModelStreamPart[]): { parts: ModelStreamPart[] } {
  return { parts: [{ type: 'request-sent', request: wire(request) }, ...parts] };
}

describe('the exact request of each round', () => {
  it('is recorded once per round, before the reply, compacted, and kept by the transcript both ways', async () => {
    const environment = createFakeEnvironment();
    const tool = createInMemoryTool({ name: 'weather', run: () => 'Sunny' });
    const requests: ModelRequest[] = [];
    const model = createScriptedModel((request, index) => {
      requests.push(structuredClone(request));
      const content =
        index === 0
          ? [{ type: 'tool_use' as const, id: 'c1', name: 'weather', input: {} }]
          : [{ type: 'text' as const, text: 'Sunny.' }];
      const stop = index === 0 ? 'tool_use' : 'end_turn';
      return recorded(request, [
        { type: 'response-start', id: `msg_${index}`, model: 'answering-model' },
        ...toParts(content),
        { type: 'response-end', stopReason: stop, usage: { inputTokens: 1, outputTokens: 1 } },
      ]);
    });
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [tool],
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        environment,
      }),
    );
    const sent = events.filter((event) => event.type === 'request-sent');
    expect(sent.map((event) => event.round)).toEqual([1, 2]);
    const order = events.map((event) => event.type);
    expect(order.indexOf('request-sent')).toBe(order.indexOf('response-start') - 1);
    expect(sent[0]?.request.response).toEqual({ status: 200, requestId: 'req_1', model: 'answering-model' });
    // Round 2 repeats round 1's message: the event carries only what is new.
    expect(sent[1]?.request.history).toMatchObject({ kept: 1 });
    expect(sent[1]?.request.history?.added).toHaveLength(2);
    const expanded = expandHistories(sent.map((event) => event.request));
    expect(expanded.map((request) => request?.body['messages'])).toEqual(requests.map((request) => request.messages));

    const transcript = buildTranscript(events, meta);
    expect(transcript.rounds.map((round) => round.sent)).toEqual(sent.map((event) => event.request));
    const again = transcriptToEvents(transcript).filter(
      (event): event is Extract<RunEvent, { type: 'request-sent' }> => event.type === 'request-sent',
    );
    expect(again.map((event) => event.request)).toEqual(sent.map((event) => event.request));
  });

  it('records the request of a failed call, and redacts URL secrets of an imported one', async () => {
    const model = createScriptedModel((request) => ({
      parts: [{ type: 'request-sent', request: { ...wire(request, 401), response: { status: 401 } } }],
      error: new Error('refused'),
    }));
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [],
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        environment: createFakeEnvironment(),
      }),
    );
    const transcript = buildTranscript(events, meta);
    expect(transcript.rounds[0]?.sent?.response).toEqual({ status: 401 });
    const round = transcript.rounds[0]!;
    const hostile = {
      ...transcript,
      rounds: [{ ...round, sent: { ...round.sent!, url: 'http://u:p@h/x?api_key=SECRET' } }],
    };
    const unfolded = transcriptToEvents(hostile).find((event) => event.type === 'request-sent');
    expect(unfolded).toMatchObject({ request: { url: 'http://REDACTED@h/x?api_key=REDACTED' } });
  });
});
