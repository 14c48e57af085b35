import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import { PROTOCOL_VERSION, type WireWorkerMessage, type WorkerMessage } from '../protocol/messages';
import { createRunEventsReader } from '../protocol/run-event-codec';
import { createWirePoster } from './create-wire-poster';

const event = (runId: string, value: RunEvent): WorkerMessage => ({
  v: PROTOCOL_VERSION,
  type: 'run-event',
  runId,
  event: value,
});
const delta = (text: string): RunEvent => ({ type: 'text-delta', round: 1, index: 0, text });
const end: RunEvent = { type: 'run-end', at: 2, finishReason: 'end_turn', usage: { inputTokens: 0, outputTokens: 0 } };

function setup() {
  const sent: WireWorkerMessage[] = [];
  const frames: (() => void)[] = [];
  const poster = createWirePoster(
    (message) => sent.push(message),
    (flush) => frames.push(flush),
  );
  return { sent, frames, poster };
}

describe('createWirePoster', () => {
  it('sends one message per run and frame, scheduling the frame once', () => {
    const { sent, frames, poster } = setup();
    poster.post(event('a', delta('Hel')));
    poster.post(event('b', delta('x')));
    poster.post(event('a', delta('lo')));
    expect(sent).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(sent).toEqual([
      { v: PROTOCOL_VERSION, type: 'run-events', runId: 'a', fresh: true, events: [delta('Hello')] },
      { v: PROTOCOL_VERSION, type: 'run-events', runId: 'b', fresh: true, events: [delta('x')] },
    ]);
    poster.post(event('a', delta('!')));
    frames[1]!();
    expect(sent[2]).toEqual({ v: PROTOCOL_VERSION, type: 'run-events', runId: 'a', events: [delta('!')] });
  });

  it('sends the buffered events before any other message, so the order holds', () => {
    const { sent, poster } = setup();
    poster.post(event('a', delta('Hi')));
    poster.post({ v: PROTOCOL_VERSION, type: 'reply', requestId: 'r1', ok: true, value: null });
    expect(sent.map((message) => message.type)).toEqual(['run-events', 'reply']);
  });

  it('starts a fresh stream after a run-end (a resumed run under the same id)', () => {
    const { sent, poster } = setup();
    const read = createRunEventsReader();
    poster.post(event('a', delta('one')));
    poster.post(event('a', end));
    poster.flush();
    poster.post(event('a', delta('two')));
    poster.flush();
    expect(sent.map((message) => message.type === 'run-events' && message.fresh)).toEqual([true, true]);
    const events = sent.flatMap((message) => (message.type === 'run-events' ? read(message) : []));
    expect(events).toEqual([delta('one'), end, delta('two')]);
  });
});
