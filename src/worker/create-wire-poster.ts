// The worker's side of the wire: run events go out in one message per run and frame, in their wire form (while a
// reply streams, at most one per WIRE_STREAM_MS); every other message goes out at once, after the events buffered
// before it (so the order never changes).
import type { RunEvent } from '../engine/event/run-event';
import { PROTOCOL_VERSION, type WireWorkerMessage, type WorkerMessage } from '../protocol/messages';
import { createRunMemory, encodeRunEvents, type RunMemory } from '../protocol/run-event-codec';

/** About one frame: events closer together than this share a message. */
export const WIRE_FRAME_MS = 16;

/**
 * While only streamed deltas are waiting, a message goes out at most this often: the store shows them at this
 * pace at the fastest (RUN_EVENT_FLUSH_MS), and every message is a task on the page's main thread (an 80 KB reply was
 * ~30 a second). Any other event (a call ending, a pause, the run's end) still goes out within a frame.
 */
export const WIRE_STREAM_MS = 100;

const STREAMED = new Set<RunEvent['type']>(['text-delta', 'thinking-delta', 'tool-input-delta']);

export interface WirePoster {
  /** Takes a message as the host posts it. */
  post(message: WorkerMessage): void;
  /** Sends what is buffered now. */
  flush(): void;
}

/**
 * Wraps `send` (the worker's `postMessage`). `schedule` runs the flush after `delayMs` (default: a timer; the
 * worker has no animation frames); `now` is the clock the stream pace is kept by.
 */
export function createWirePoster(
  send: (message: WireWorkerMessage) => void,
  schedule: (flush: () => void, delayMs: number) => void = (flush, delayMs) => setTimeout(flush, delayMs),
  now: () => number = () => performance.now(),
): WirePoster {
  const memories = new Map<string, RunMemory>();
  /** Buffered runs in the order they first posted, each with its events. */
  let buffered = new Map<string, RunEvent[]>();
  /** When the scheduled flush is due (none: Infinity), and which schedule is the live one. */
  let dueAt = Number.POSITIVE_INFINITY;
  let generation = 0;
  let lastSentAt = Number.NEGATIVE_INFINITY;

  /** Makes sure a flush comes by `at` (an earlier one replaces a later one). */
  const flushBy = (at: number) => {
    if (at >= dueAt) return;
    dueAt = at;
    generation += 1;
    const mine = generation;
    schedule(
      () => {
        if (mine === generation) flush();
      },
      Math.max(0, at - now()),
    );
  };

  const flush = () => {
    dueAt = Number.POSITIVE_INFINITY;
    generation += 1;
    if (buffered.size === 0) return;
    lastSentAt = now();
    const runs = buffered;
    buffered = new Map();
    for (const [runId, events] of runs) {
      let memory = memories.get(runId);
      const fresh = memory === undefined;
      if (memory === undefined) {
        memory = createRunMemory();
        memories.set(runId, memory);
      }
      const wire = encodeRunEvents(memory, events);
      // A run's stream ends with its run-end: a later stream under the same id (a resume) starts afresh.
      if (events.some((event) => event.type === 'run-end')) memories.delete(runId);
      send({
        v: PROTOCOL_VERSION,
        type: 'run-events',
        runId,
        ...(fresh ? { fresh: true as const } : {}),
        events: wire,
      });
    }
  };

  return {
    post(message) {
      if (message.type !== 'run-event') {
        flush();
        send(message);
        return;
      }
      const events = buffered.get(message.runId);
      if (events === undefined) buffered.set(message.runId, [message.event]);
      else events.push(message.event);
      const frame = now() + WIRE_FRAME_MS;
      flushBy(STREAMED.has(message.event.type) ? Math.max(frame, lastSentAt + WIRE_STREAM_MS) : frame);
    },
    flush,
  };
}
