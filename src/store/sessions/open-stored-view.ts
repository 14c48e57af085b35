// A run's view sent by the worker (a stored run it opens, a run it keeps): the page folds what it is sent and never
// reads the log itself.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionOpenMode, SessionOpenResult } from '../../protocol/session-open-messages';
import { openInWorker } from './open-in-worker';
import type { SessionsContext } from './sessions-context';

/** What the open gave: the worker's facts and the stored log it sent (`events`, closing events not included). */
export interface OpenedView extends SessionOpenResult {
  events: RunEvent[];
}

/** Gets a long run's tail (its `run-start` and last rounds) as it arrives; what it returns is waited for. */
export type OnTail = (events: RunEvent[]) => Promise<unknown>;

/**
 * Collects the `stored-run-view` parts of run `runId` posted under a new view id while `request(viewId)` is
 * answered: `onTail` gets a long run's tail as it arrives, and the result comes once what `onTail` returned has
 * settled. Parts of another view (a stale stream) or run are dropped; a log whose parts do not join up fails it
 * rather than show a run with a hole in it.
 */
async function collectView<T>(
  context: SessionsContext,
  runId: string,
  onTail: OnTail | undefined,
  request: (viewId: string) => Promise<T>,
): Promise<{ result: T; events: RunEvent[] }> {
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
    const result = await request(viewId);
    await tailShown;
    if (broken) throw new Error(`the engine sent run ${runId}'s log with a gap`);
    return { result, events };
  } finally {
    stop();
  }
}

/** Opens run `runId` of session `sessionId` as `mode` says (openInWorker), with the view the worker sends. */
export async function openStoredView(
  context: SessionsContext,
  sessionId: string,
  runId: string,
  mode: SessionOpenMode,
  onTail?: OnTail,
): Promise<OpenedView> {
  const { result, events } = await collectView(context, runId, onTail, (viewId) =>
    openInWorker(context, sessionId, runId, mode, viewId),
  );
  return { ...result, events };
}

/**
 * The whole log of run `runId`, which the worker keeps (an import, a branch it loaded or forked), sent as its view
 * (`run-view`) without opening it again; with `onTail`, a long run's last rounds come first.
 */
export async function readKeptView(context: SessionsContext, runId: string, onTail?: OnTail): Promise<RunEvent[]> {
  const { result, events } = await collectView(context, runId, onTail, (viewId) =>
    context.deps.client.send({ type: 'run-view', runId, viewId, ...(onTail === undefined ? {} : { tailFirst: true }) }),
  );
  if (events.length !== result.eventCount) throw new Error(`the engine sent part of run ${runId}'s log`);
  return events;
}
