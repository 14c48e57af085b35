import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import { PROTOCOL_VERSION, type WireWorkerMessage, type WorkerMessage } from '../protocol/messages';
import { createRunEventsReader } from '../protocol/run-event-codec';
import { createWirePoster, WIRE_FRAME_MS, WIRE_STREAM_MS } from './create-wire-poster';

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

  it('while a reply streams, sends its deltas at most every WIRE_STREAM_MS; any other event within a frame', () => {
    let clock = 1000;
    const sent: WireWorkerMessage[] = [];
    const timers: { at: number; run: () => void }[] = [];
    const poster = createWirePoster(
      (message) => sent.push(message),
      (run, delayMs) => timers.push({ at: clock + delayMs, run }),
      () => clock,
    );
    /** Moves the clock to `to`, running each timer due by then in order. */
    const advance = (to: number) => {
      for (;;) {
        const next = timers.filter((timer) => timer.at <= to).sort((a, b) => a.at - b.at)[0];
        if (next === undefined) break;
        timers.splice(timers.indexOf(next), 1);
        clock = next.at;
        next.run();
      }
      clock = to;
    };
    const sentAt: number[] = [];
    const watch = () => {
      while (sentAt.length < sent.length) sentAt.push(clock);
    };
    // A delta every 4 ms for a second: the first goes out a frame later, then one message per 100 ms.
    for (let t = 1000; t < 2000; t += 4) {
      advance(t);
      watch();
      poster.post(event('a', delta('x')));
    }
    advance(2099);
    watch();
    expect(sentAt[0]).toBe(1000 + WIRE_FRAME_MS);
    const gaps = sentAt.slice(1).map((at, index) => at - sentAt[index]!);
    expect(gaps.every((gap) => gap >= WIRE_STREAM_MS)).toBe(true);
    expect(sent.length).toBeGreaterThanOrEqual(9);
    expect(sent.length).toBeLessThanOrEqual(12);
    // Nothing is lost or reordered, and the last deltas follow within WIRE_STREAM_MS.
    const read = createRunEventsReader();
    const text = sent.flatMap((message) => (message.type === 'run-events' ? read(message) : []));
    expect(text.map((part) => (part.type === 'text-delta' ? part.text : '')).join('')).toBe('x'.repeat(250));
    // A call ending right after a message goes out within a frame, with the deltas before it.
    advance(2200);
    poster.post(event('a', delta('y')));
    advance(2201);
    poster.post(event('a', end));
    const before = sent.length;
    advance(2201 + WIRE_FRAME_MS);
    expect(sent.length).toBe(before + 1);
    expect(read(sent.at(-1) as Extract<WireWorkerMessage, { type: 'run-events' }>)).toEqual([delta('y'), end]);
    // The replaced (later) timer does nothing when it fires.
    advance(3000);
    expect(sent.length).toBe(before + 1);
  });
});
