// The last rounds of a long import, read and folded on their own, so the timeline shows them first.
import type { EngineClient } from '../../client/engine-client';
import { createRunMemory, decodeRunEvents } from '../../protocol/run-event-codec';
import { EVENTS_PER_READ } from '../../protocol/session-messages';
import { foldRunEvents } from '../fold-run-events';
import { initialRunView, type RunView } from '../run-view';
import { yieldToPage } from './load-in-parts';

/**
 * The view of run `runId`'s `run-start` (event 0) and its events from `tailFrom` (a `round-start`) to `total`:
 * the run as it ended, with only its last rounds. The tail is a reader of its own (`readerFrom`), apart from
 * the one that reads the whole run from 0.
 */
export async function readTailView(
  client: EngineClient,
  runId: string,
  tailFrom: number,
  total: number,
): Promise<RunView> {
  const first = await client.send({ type: 'run-events-read', runId, from: 0, limit: 1 });
  let view = foldRunEvents({ ...initialRunView }, decodeRunEvents(createRunMemory(), first.events));
  const memory = createRunMemory();
  for (let from = tailFrom; from < total;) {
    const reply = await client.send({
      type: 'run-events-read',
      runId,
      from,
      limit: EVENTS_PER_READ,
      readerFrom: tailFrom,
    });
    if (reply.next <= from) throw new Error(`the engine gave no events of run ${runId} from ${from}`);
    view = foldRunEvents(view, decodeRunEvents(memory, reply.events));
    from = reply.next;
    if (from < total) await yieldToPage();
  }
  return view;
}
