// The worker's side of the wire: run events go out in one message per run and frame, in their wire form;
// every other message goes out at once, after the events buffered before it (so the order never changes).
import type { RunEvent } from '../engine/event/run-event';
import { PROTOCOL_VERSION, type WireWorkerMessage, type WorkerMessage } from '../protocol/messages';
import { createRunMemory, encodeRunEvents, type RunMemory } from '../protocol/run-event-codec';

/** About one frame: events closer together than this share a message. */
export const WIRE_FRAME_MS = 16;

export interface WirePoster {
  /** Takes a message as the host posts it. */
  post(message: WorkerMessage): void;
  /** Sends what is buffered now. */
  flush(): void;
}

/**
 * Wraps `send` (the worker's `postMessage`). `schedule` runs the flush later, once per buffered frame
 * (default: a timer of `WIRE_FRAME_MS`; the worker has no animation frames).
 */
export function createWirePoster(
  send: (message: WireWorkerMessage) => void,
  schedule: (flush: () => void) => void = (flush) => setTimeout(flush, WIRE_FRAME_MS),
): WirePoster {
  const memories = new Map<string, RunMemory>();
  /** Buffered runs in the order they first posted, each with its events. */
  let buffered = new Map<string, RunEvent[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (buffered.size === 0) return;
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
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    },
    flush,
  };
}
