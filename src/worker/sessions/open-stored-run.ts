// `session-open`: a stored run back in the worker, settled here — closed, kept open for the person's choice, or an
// import a reload cut short closed as far as it was stored. The page is told the facts and words them.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionOpenCommand, SessionOpenResult } from '../../protocol/session-open-messages';
import type { StoredRunViewMessage } from '../../protocol/stored-run-view-messages';
import { countRounds } from '../../shared/sessions/count-rounds';
import { findHeldPause } from '../../shared/sessions/find-held-pause';
import type { SessionCommands } from '../session-commands';
import type { RunLogWriter } from './run-log-writer';
import { readStoredRunFacts } from './read-stored-run-facts';
import { createStoredViewSender } from './send-stored-view';
import type { WorkerSessionDb } from './session-db';

export interface OpenStoredRunContext {
  db: () => Promise<WorkerSessionDb>;
  writer: RunLogWriter;
  /** Writes what this worker still buffers for its runs. */
  flush: () => Promise<void>;
  /** The run's whole stored log (what this worker still buffers for it written first). */
  read: (runId: string) => Promise<RunEvent[]>;
  /** Posts the page a part of the view it asked for (`viewId`). */
  post: (message: StoredRunViewMessage) => void;
}

/**
 * Opens run `runId` of session `sessionId` as `mode` says (session-open-messages.ts). The run log goes on after
 * the stored events; an import cut short has its closing events stored before the reply, because the page then
 * drops the record's `importing` mark: a reload in between must not find a log cut short with no mark (it would
 * be offered as a live run to resume). Given a `viewId`, the page is sent the log for its view before the reply
 * (in mode `show`, a long run's tail before the whole log is read).
 */
export async function openStoredRun(
  loader: Pick<SessionCommands, 'loadRun'>,
  { db, writer, flush, read, post }: OpenStoredRunContext,
  { sessionId, runId, mode, viewId }: SessionOpenCommand,
): Promise<SessionOpenResult> {
  // An id that is not a non-empty string asks for no view (the page would not know the stream as its own).
  const view = typeof viewId === 'string' && viewId !== '' ? createStoredViewSender(runId, viewId, post) : null;
  if (view !== null && mode === 'show') {
    await flush();
    await view.tail(await db());
  }
  const events = await read(runId);
  view?.log(events);
  const facts = readStoredRunFacts(await (await db()).getSession(sessionId), runId);
  // A read-only tab settles nothing: the owner does, when it opens the run.
  const mark = mode === 'keep' ? undefined : facts.importing;
  const cutImport = mark !== undefined && events.length < mark.eventCount;
  const told = {
    importSettled: mark !== undefined,
    ...(cutImport
      ? { importCutShort: { fileName: mark.fileName, stored: countRounds(events), rounds: mark.rounds } }
      : {}),
  };
  if (events.length === 0)
    return {
      ...told,
      state: 'empty',
      heldPause: false,
      interrupted: false,
      closingEvents: [],
      history: [],
      changes: [],
    };
  const ended = events.some((event) => event.type === 'run-end');
  const keepOpen = !ended && (mode === 'keep' || (mode === 'show' && !cutImport));
  const result = loader.loadRun({
    type: 'run-load',
    runId,
    events,
    ...(keepOpen ? { keepOpen } : {}),
    ...(facts.meta === undefined ? {} : { meta: facts.meta }),
  });
  writer.keep(runId, events.length, result.closingEvents);
  if (cutImport) await flush();
  // A run this worker still runs is never kept open (the load leaves it as it is).
  const closed = result.closingEvents.some((event) => event.type === 'run-end');
  const state = ended ? 'ended' : closed ? 'closed' : 'kept-open';
  return { ...result, ...told, state, heldPause: state === 'kept-open' && findHeldPause(events) !== null };
}
