// Test support: a fake worker that keeps sessions as the real one does — the worker's sessions host over
// `indexedDB` (a fake-indexeddb factory a test shares between its "reloads"): it answers the page's storage
// commands and writes the run log at the checkpoints of the run events the test emits.
import type { RunEvent } from '../../src/engine/event/run-event';
import type { WorkerMessage } from '../../src/protocol/messages';
import type { SessionDb } from '../../src/store/sessions/worker-session-db';
import type { FakeEngineClient, FakeHandlers } from '../../src/store/testing/fake-engine-client';
import { createSessionsHost } from '../../src/worker/sessions/create-sessions-host';
import { openSessionDb } from '../../src/worker/sessions/session-db';

/** Makes `client` a worker keeping sessions in `indexedDB`, with structured clones as postMessage makes them. */
export function keepSessionsInWorker(client: FakeEngineClient, indexedDB: IDBFactory): void {
  const host = createSessionsHost({ indexedDb: indexedDB, post: (message) => client.emit(message) });
  const emit = client.emit.bind(client);
  // The run events the test emits are the ones the worker would post: they pass the run log first.
  client.emit = (message: WorkerMessage) => {
    if (message.type === 'run-event') host.observe(message.runId, structuredClone<RunEvent>(message.event));
    emit(message);
  };
  const cloned = Object.fromEntries(
    Object.entries(host.commands).map(([type, handler]) => [
      type,
      async (command: unknown) =>
        structuredClone(await (handler as (command: unknown) => unknown)(structuredClone(command))),
    ]),
  ) as FakeHandlers;
  client.rewire((handlers) => ({ ...host.keepLoadedRuns(handlers), ...cloned }));
}

/** The sessions database in `indexedDB`, read as the page's records (a test looks at what a reload would find). */
export async function openStoredSessions(indexedDB: IDBFactory): Promise<SessionDb> {
  // The page wrote every record, so they read back as its type.
  return (await openSessionDb(indexedDB)) as unknown as SessionDb;
}
