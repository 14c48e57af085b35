import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import { runToolLoop } from '../engine/run/run-tool-loop';
import { collectRun } from '../engine/testing/collect-run';
import { createFakeEnvironment } from '../engine/testing/fake-environment';
import { createInMemoryTool } from '../engine/testing/in-memory-tool';
import { createScriptedModel } from '../engine/testing/scripted-model';
import { buildTranscript } from '../engine/transcript/build-transcript';
import type { Transcript } from '../engine/transcript/transcript';
import { transcriptToEvents } from '../engine/transcript/transcript-to-events';
import { createRunEventsReader, createRunMemory, decodeRunEvents, encodeRunEvents } from './run-event-codec';
import type { WireRunEvent } from './run-events-message';

const current = new URL('../../test/fixtures/transcripts/v3/', import.meta.url);
const fixtures = readdirSync(current).filter((name) => name.endsWith('.json'));
const read = (name: string) => JSON.parse(readFileSync(new URL(name, current), 'utf8')) as Transcript;

/** Sends `events` through the codec in batches of the given sizes (cycled). */
function roundTrip(events: readonly RunEvent[], sizes: number[]): { decoded: RunEvent[]; wire: WireRunEvent[] } {
  const writer = createRunMemory();
  const reader = createRunMemory();
  const decoded: RunEvent[] = [];
  const wire: WireRunEvent[] = [];
  for (let at = 0, turn = 0; at < events.length; turn += 1) {
    const size = sizes[turn % sizes.length]!;
    // Structured clone, as postMessage does: nothing may survive by reference.
    const batch = structuredClone(encodeRunEvents(writer, events.slice(at, at + size)));
    wire.push(...batch);
    decoded.push(...decodeRunEvents(reader, batch));
    at += size;
  }
  return { decoded, wire };
}

const withoutDeltas = (events: readonly RunEvent[]) =>
  events.filter((event) => !['text-delta', 'thinking-delta', 'tool-input-delta'].includes(event.type));

/** The streamed text of each block, by round and index: what joined deltas must keep. */
function streamedText(events: readonly RunEvent[]): Record<string, string> {
  const text: Record<string, string> = {};
  for (const event of events) {
    const piece =
      event.type === 'text-delta'
        ? event.text
        : event.type === 'thinking-delta'
          ? event.thinking
          : event.type === 'tool-input-delta'
            ? event.partialJson
            : undefined;
    if (piece === undefined || !('index' in event)) continue;
    const key = `${event.type} ${event.round}/${event.index}`;
    text[key] = (text[key] ?? '') + piece;
  }
  return text;
}

function expectSameRun(decoded: RunEvent[], events: readonly RunEvent[], transcript?: Transcript): void {
  expect(withoutDeltas(decoded)).toEqual(withoutDeltas(events));
  expect(streamedText(decoded)).toEqual(streamedText(events));
  if (transcript === undefined) return;
  const { createdAt, app, settings, servers } = transcript;
  const meta = { createdAt, app, settings, servers };
  expect(JSON.stringify(buildTranscript(decoded, meta))).toBe(JSON.stringify(buildTranscript(events, meta)));
}

describe('the run-event wire codec', () => {
  it.each(fixtures)('%s: decodes to the same events, in batches of any size', (name) => {
    const transcript = read(name);
    const events = transcriptToEvents(transcript);
    for (const sizes of [[1], [3, 1, 7], [events.length]]) {
      const { decoded } = roundTrip(events, sizes);
      expectSameRun(decoded, events, transcript);
    }
  });

  it('leaves out the reply, the results, the inputs and the repeated request fields of a real run', async () => {
    const weather = createInMemoryTool({ name: 'weather', run: (input) => `sunny in ${String(input['city'])}` });
    const failing = createInMemoryTool({
      name: 'broken',
      run: () => {
        throw new Error('boom');
      },
    });
    const model = createScriptedModel([
      {
        content: [
          { type: 'text', text: 'Checking both.' },
          { type: 'tool_use', id: 'c1', name: 'weather', input: { city: 'Rome', nested: { list: [1, 2] } } },
          { type: 'tool_use', id: 'c2', name: 'broken', input: {} },
        ],
      },
      { content: [{ type: 'tool_use', id: 'c3', name: 'weather', input: { city: 'Oslo' } }] },
      { content: [{ type: 'text', text: 'Sunny in Rome and Oslo.' }] },
    ]);
    const handle = runToolLoop({
      model,
      tools: [weather, failing],
      history: [],
      userMessage: { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      environment: createFakeEnvironment(),
    });
    const { events } = await collectRun(handle);
    const { decoded, wire } = roundTrip(events, [2, 5]);
    expectSameRun(decoded, events);

    const replies = wire.filter((event) => event.type === 'response-end');
    expect(replies[0]?.message.content).toEqual([{ $streamed: 0 }, { $streamed: 1 }, { $streamed: 2 }]);
    const commits = wire.filter((event) => event.type === 'tool-results-commit');
    // The ok result is a reference; the error one (its content rewritten for the model) goes whole.
    expect(commits[0]?.message.content[0]).toEqual({ $result: 'c1' });
    expect(commits[0]?.message.content[1]).toMatchObject({ type: 'tool_result', tool_use_id: 'c2', is_error: true });
    for (const start of wire.filter((event) => event.type === 'tool-call-start')) expect(start.input).toBeUndefined();
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(events).length);
  });

  it('keeps a field whole when its rebuild would differ (an input edited after streaming)', () => {
    const events: RunEvent[] = [
      { type: 'round-start', at: 1, round: 1, request: { messageCount: 1, toolCount: 0, tokensEstimate: 0 } },
      { type: 'tool-input-start', round: 1, index: 0, callId: 'c1', name: 'weather' },
      { type: 'tool-input-delta', round: 1, index: 0, callId: 'c1', partialJson: '{"city": "Ro' },
      { type: 'tool-input-delta', round: 1, index: 0, callId: 'c1', partialJson: 'me"}' },
      {
        type: 'tool-call-start',
        at: 2,
        round: 1,
        callId: 'c1',
        name: 'weather',
        input: { city: 'Paris' },
        queuedAt: 2,
      },
    ] as RunEvent[];
    const { decoded, wire } = roundTrip(events, [5]);
    expect(decoded).toEqual([...events.slice(0, 2), { ...events[2], partialJson: '{"city": "Rome"}' }, events[4]]);
    expect(wire.at(-1)).toMatchObject({ input: { city: 'Paris' } });
  });

  it('repeats request fields by name, a "__proto__" field of an imported body included', () => {
    const body = (model: string) =>
      JSON.parse(`{"model":"${model}","__proto__":{"polluted":true},"tools":[{"name":"weather"}]}`) as Record<
        string,
        unknown
      >;
    const sent = (round: number, model: string): RunEvent => ({
      type: 'request-sent',
      at: round,
      round,
      request: { method: 'POST', url: 'https://api.example/v1/messages', headers: {}, body: body(model) },
    });
    const events = [sent(1, 'a'), sent(2, 'b')];
    const { decoded, wire } = roundTrip(events, [1]);
    expect(wire[1]).toMatchObject({ request: { $same: ['__proto__', 'tools'], body: { model: 'b', tools: 0 } } });
    expect(decoded).toEqual(events);
    const second = decoded[1]?.type === 'request-sent' ? decoded[1].request.body : {};
    expect(Object.keys(second)).toEqual(['model', '__proto__', 'tools']);
    expect(Object.getPrototypeOf(second)).toBe(Object.prototype);
  });

  it('refuses a reference to what was never sent, and a fresh stream forgets the old one', () => {
    const read = createRunEventsReader();
    const dangling = {
      type: 'response-end',
      at: 1,
      round: 1,
      message: { role: 'assistant', content: [{ $streamed: 0 }] },
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1 },
      timing: { startedAt: 0, endedAt: 1 },
    } as WireRunEvent;
    expect(() => read({ type: 'run-events', runId: 'r', events: [dangling] })).toThrow(/No streamed block 0/);
    const delta = { type: 'text-delta', round: 1, index: 0, text: 'Hi' } as const;
    read({ type: 'run-events', runId: 'r', events: [delta] });
    expect(read({ type: 'run-events', runId: 'r', events: [dangling] })[0]).toMatchObject({
      message: { content: [{ type: 'text', text: 'Hi' }] },
    });
    expect(() => read({ type: 'run-events', runId: 'r', fresh: true, events: [dangling] })).toThrow(/No streamed/);
    const repeat = { type: 'request-sent', at: 1, round: 2, request: { body: { a: 0 }, $same: ['a'] } };
    expect(() => read({ type: 'run-events', runId: 'x', events: [repeat as WireRunEvent] })).toThrow(/No earlier/);
  });
});
