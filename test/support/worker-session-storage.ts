// Test support: a fake worker that keeps sessions as the real one does — the worker's sessions host over
// `indexedDB` (a fake-indexeddb factory a test shares between its "reloads"): it answers the page's storage
// commands and writes the run log at the checkpoints of the run events the test emits.
import type { RunEvent } from '../../src/engine/event/run-event';
import type { WorkerMessage } from '../../src/protocol/messages';
import type { StoredSessionsDb } from '../../src/store/sessions/worker-session-db';
import type { FakeEngineClient, FakeHandlers } from '../../src/store/testing/fake-engine-client';
import { createSessionsHost } from '../../src/worker/sessions/create-sessions-host';
import { openSessionDb } from '../../src/worker/sessions/session-db';
import type { StoredRunLoader } from '../../src/worker/sessions/stored-run-commands';
import type { RunResumeCommand } from '../../src/protocol/session-messages';
import type { StoredRunLoad } from '../../src/worker/session-commands';

/** The worker's Web Locks and BroadcastChannel (a test's "browser" shares them between its tabs). */
export type WorkerTabs = NonNullable<Parameters<typeof createSessionsHost>[0]['tabs']>;

/** What the fake worker read from storage for each stored run it loaded (`session-open`) or resumed, in order. */
export interface StoredLoads {
  loads: StoredRunLoad[];
  /** Each `run-resume`, with the events the worker kept for the run (what it goes on from). */
  resumes: Array<RunResumeCommand & { events: RunEvent[] }>;
}

const loadsOf = new WeakMap<FakeEngineClient, StoredLoads>();

/** The stored runs `client`'s fake worker loaded and resumed (each with the log it read). */
export function storedLoads(client: FakeEngineClient): StoredLoads {
  const found = loadsOf.get(client);
  if (found === undefined) throw new Error('this client keeps no sessions (keepSessionsInWorker)');
  return found;
}

/**
 * Makes `client` a worker keeping sessions in `indexedDB`, with structured clones as postMessage makes them.
 * Given `loader` (the worker's session commands, or a stand-in), it answers `session-open` and `run-resume` by id,
 * reading the stored log as the real worker does.
 */
export function keepSessionsInWorker(
  client: FakeEngineClient,
  indexedDB: IDBFactory,
  loader?: StoredRunLoader,
  tabs?: WorkerTabs,
): void {
  const host = createSessionsHost({
    indexedDb: indexedDB,
    post: (message) => client.emit(message),
    ...(tabs === undefined ? {} : { tabs }),
  });
  const record: StoredLoads = { loads: [], resumes: [] };
  loadsOf.set(client, record);
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
  const stored =
    loader === undefined
      ? {}
      : host.storedRunCommands({
          loadRun: (command) => {
            record.loads.push(command);
            return structuredClone(loader.loadRun(structuredClone(command)));
          },
          resumeRun: (command, kept) => {
            record.resumes.push({ ...command, events: keptBefore(loader, command.runId) });
            return loader.resumeRun(structuredClone(command), kept);
          },
          keptEvents: (runId, from, to) => structuredClone(loader.keptEvents(runId, from, to)),
        });
  client.rewire((handlers) => ({ ...host.keepImportedRuns(handlers), ...stored, ...cloned }));
}

/** The events `loader` keeps for `runId` (none when it keeps no such run). */
function keptBefore(loader: StoredRunLoader, runId: string): RunEvent[] {
  try {
    return structuredClone(loader.keptEvents(runId, 0, Number.MAX_SAFE_INTEGER));
  } catch {
    return [];
  }
}

/** The sessions database in `indexedDB`, read as the page's records (a test looks at what a reload would find). */
export async function openStoredSessions(indexedDB: IDBFactory): Promise<StoredSessionsDb> {
  // The page wrote every record, so they read back as its type.
  return (await openSessionDb(indexedDB)) as unknown as StoredSessionsDb;
}
