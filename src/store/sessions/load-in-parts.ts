// A stored run back in the worker and the view a part at a time, so a long log is never one long task.
import type { EngineClient } from '../../client/engine-client';
import type { RunEvent } from '../../engine/event/run-event';
import type { RunLoadCommand, RunLoadResult } from '../../protocol/session-messages';
import { EVENTS_PER_READ } from '../../protocol/session-messages';
import { foldRunEvents } from '../fold-run-events';
import { initialRunView, type RunView } from '../run-view';

/** Gives the page its turn between parts (input, paint), so a long load never holds it. */
export const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Sends `command` (a `run-load`) with its events in parts of `EVENTS_PER_READ` (`run-load-part`, then the
 * `run-load` with the last part): each structured clone is a short task, and the page gets its turn between.
 */
export async function sendRunLoad(client: EngineClient, command: RunLoadCommand): Promise<RunLoadResult> {
  const { events } = command;
  if (events.length <= EVENTS_PER_READ) return client.send(command);
  let from = 0;
  for (; events.length - from > EVENTS_PER_READ; from += EVENTS_PER_READ) {
    const part = events.slice(from, from + EVENTS_PER_READ);
    await client.send({ type: 'run-load-part', runId: command.runId, from, events: part });
  }
  return client.send({ ...command, from, events: events.slice(from) });
}

/** The view of `events` folded onto `base` a part at a time, with a turn for the page between parts. */
export async function foldInParts(events: readonly RunEvent[], base: RunView = initialRunView): Promise<RunView> {
  let view = { ...base };
  for (let from = 0; from < events.length; from += EVENTS_PER_READ) {
    if (from > 0) await yieldToPage();
    view = foldRunEvents(view, events.slice(from, from + EVENTS_PER_READ));
  }
  return view;
}
