// Reads a run the worker keeps (an import) in chunks, so no one message or fold is a long task.
import type { EngineClient } from '../../client/engine-client';
import type { RunEvent } from '../../engine/event/run-event';
import { createRunMemory, decodeRunEvents } from '../../protocol/run-event-codec';
import { EVENTS_PER_READ } from '../../protocol/session-messages';
import { yieldToPage } from './load-in-parts';

/** What `readKeptEvents` does with each chunk, and how it lets the page have its turn between chunks. */
export interface KeptEventsReading {
  onChunk?: (events: RunEvent[]) => void;
  /** The turn between chunks: `yieldToPage` by default. */
  pause?: () => Promise<void>;
}

/**
 * Every event of run `runId` (`total` of them in the worker), read in order with `run-events-read` and
 * decoded; `onChunk` sees each chunk as it comes (to fold it), with a turn for the page (`pause`) after each.
 */
export async function readKeptEvents(
  client: EngineClient,
  runId: string,
  total: number,
  { onChunk, pause = yieldToPage }: KeptEventsReading = {},
): Promise<RunEvent[]> {
  const memory = createRunMemory();
  const all: RunEvent[] = [];
  for (let from = 0; from < total;) {
    const reply = await client.send({ type: 'run-events-read', runId, from, limit: EVENTS_PER_READ });
    if (reply.next <= from) throw new Error(`the engine gave no events of run ${runId} from ${from}`);
    const events = decodeRunEvents(memory, reply.events);
    for (const event of events) all.push(event);
    onChunk?.(events);
    from = reply.next;
    await pause();
  }
  return all;
}
