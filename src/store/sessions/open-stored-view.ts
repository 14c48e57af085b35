// A stored run opened in the worker with its view: the worker sends the log (a long run's tail first), the page
// folds what it is sent and never reads the log itself.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionOpenMode, SessionOpenResult } from '../../protocol/session-open-messages';
import { openInWorker } from './open-in-worker';
import type { SessionsContext } from './sessions-context';

/** What the open gave: the worker's facts and the stored log it sent (`events`, closing events not included). */
export interface OpenedView extends SessionOpenResult {
  events: RunEvent[];
}

/**
 * Opens run `runId` of session `sessionId` as `mode` says (openInWorker), collecting the `stored-run-view` parts
 * posted under a new view id: `onTail` gets a long run's tail (mode `show`) as it arrives, and the open resolves
 * once what `onTail` returned has settled. Parts of another open (a stale stream) are dropped; a log whose parts
 * do not join up fails the open rather than show a run with a hole in it.
 */
export async function openStoredView(
  context: SessionsContext,
  sessionId: string,
  runId: string,
  mode: SessionOpenMode,
  onTail?: (events: RunEvent[]) => Promise<unknown>,
): Promise<OpenedView> {
  const viewId = context.deps.createId();
  const events: RunEvent[] = [];
  let tailShown: Promise<unknown> = Promise.resolve();
  let broken = false;
  const stop = context.deps.client.subscribe((message) => {
    if (message.type !== 'stored-run-view' || message.viewId !== viewId || message.runId !== runId) return;
    if (message.part === 'tail') {
      if (onTail !== undefined && events.length === 0) tailShown = onTail(message.events);
      return;
    }
    if (message.from !== events.length) broken = true;
    if (!broken) for (const event of message.events) events.push(event);
  });
  try {
    const result = await openInWorker(context, sessionId, runId, mode, viewId);
    await tailShown;
    if (broken) throw new Error(`the engine sent run ${runId}'s stored log with a gap`);
    return { ...result, events };
  } finally {
    stop();
  }
}
