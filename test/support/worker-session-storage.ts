// Test support: a fake worker that keeps sessions as the real one does — the worker's session storage host over
// `indexedDB` (a fake-indexeddb factory a test shares between its "reloads"), answering the page's commands.
import { PROTOCOL_VERSION } from '../../src/protocol/messages';
import type { FakeEngineClient } from '../../src/store/testing/fake-engine-client';
import type { SessionDb } from '../../src/store/sessions/worker-session-db';
import { openSessionDb } from '../../src/worker/sessions/session-db';
import { createSessionStorageHost } from '../../src/worker/sessions/session-storage-host';

/** Makes `client` answer the session storage commands from `indexedDB`, with structured clones as postMessage makes. */
export function keepSessionsInWorker(client: FakeEngineClient, indexedDB: IDBFactory): void {
  const host = createSessionStorageHost({
    factory: indexedDB,
    reportProblem: (message) => client.emit({ v: PROTOCOL_VERSION, type: 'storage-problem', message }),
  });
  const clone = structuredClone;
  const { commands } = host;
  client.answer({
    'session-list': async (command) => clone(await commands['session-list'](clone(command))),
    'session-get': async (command) => clone(await commands['session-get'](clone(command))),
    'session-put': (command) => commands['session-put'](clone(command)),
    'session-delete': (command) => commands['session-delete'](clone(command)),
    'session-events-append': (command) => commands['session-events-append'](clone(command)),
    'session-events-read': async (command) => clone(await commands['session-events-read'](clone(command))),
    'session-events-count': (command) => commands['session-events-count'](clone(command)),
  });
}

/** The sessions database in `indexedDB`, read as the page's records (a test looks at what a reload would find). */
export async function openStoredSessions(indexedDB: IDBFactory): Promise<SessionDb> {
  // The page wrote every record, so they read back as its type.
  return (await openSessionDb(indexedDB)) as unknown as SessionDb;
}
