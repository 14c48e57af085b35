// Test support for long sessions: a page (a store over the real session commands, over fake IndexedDB) that can be
// opened again as a reload would, and what a test reads or changes of its storage.
import { IDBFactory } from 'fake-indexeddb';
import { checkTranscriptSchema } from '../../src/worker/check-transcript-schema';
import { importText, toImportReply } from '../../src/worker/session-commands';
import type { RunView } from '../../src/store/run-view';
import type { SessionNotice } from '../../src/store/sessions/sessions-state';
import type { SessionDb } from '../../src/store/sessions/worker-session-db';
import { openStoredSessions, storedLoads } from './worker-session-storage';
import type { SessionRecord, StoredRun } from '../../src/store/sessions/session-record';
import { FakeEngineClient } from '../../src/store/testing/fake-engine-client';
import { MemoryStorage } from '../../src/store/testing/memory-storage';
import { createStoredSessionCommands } from './stored-session-commands';
import { createSessionsStore } from './sessions-store';

/** A page over the real session commands (structured clones included, as postMessage makes them). */
export async function openPage(indexedDB: IDBFactory, storage: MemoryStorage) {
  const commands = createStoredSessionCommands();
  const clone = structuredClone;
  const client = new FakeEngineClient({
    'transcript-import': async (command) =>
      clone(
        toImportReply(
          commands.importTranscript({ ...command, text: await importText(command) }, checkTranscriptSchema),
        ),
      ),
  });
  let id = 0;
  const store = createSessionsStore(client, { storage, indexedDB, createId: () => `id-${++id}`, loader: commands });
  const worker = storedLoads(client);
  const views: RunView[] = [];
  /** What the page showed with each view: its notice, and how many stored runs the worker had loaded by then. */
  const shown: { notice: SessionNotice | null; loadsDone: number }[] = [];
  store.subscribe((state, previous) => {
    if (state.runView === previous.runView) return;
    views.push(state.runView);
    shown.push({ notice: state.sessionNotice, loadsDone: worker.loads.length });
  });
  await store.getState().initSessions();
  return { store, client, views, shown, commands, worker };
}

export const roundsOf = (view: RunView) => view.rounds.map((round) => round.round);
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** The stored session that holds run `runId` (a reload's view of it). */
export async function recordOf(db: SessionDb, runId: string): Promise<SessionRecord> {
  const record = (await db.listSessions()).find((entry) => entry.runs.some((run) => run.runId === runId));
  if (record === undefined) throw new Error(`no stored session holds run ${runId}`);
  return record;
}

/** Stores run `runId`'s record with an `importing` mark, as a reload in the middle of the import's writes finds it. */
export async function markImporting(db: SessionDb, runId: string, mark: NonNullable<StoredRun['importing']>) {
  const record = await recordOf(db, runId);
  for (const run of record.runs) if (run.runId === runId) run.importing = mark;
  await db.putSession(record);
}

/** Every event of run `runId` as the page's worker keeps it. */
export function readAll(page: Awaited<ReturnType<typeof openPage>>, runId: string) {
  return page.commands.keptEvents(runId, 0, Number.MAX_SAFE_INTEGER);
}

/** Deletes run `runId`'s stored events from position `from` on, as a page gone mid-run leaves its log. */
export function deleteFrom(indexedDB: IDBFactory, runId: string, from: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('loupe');
    open.onsuccess = () => {
      const tx = open.result.transaction('events', 'readwrite');
      tx.objectStore('events').delete(IDBKeyRange.bound([runId, from], [runId, Number.MAX_SAFE_INTEGER]));
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error ?? new Error('delete failed'));
    };
    open.onerror = () => reject(open.error ?? new Error('open failed'));
  });
}

/** A fresh browser's page that imported `text` as `long.json`, and the import's events as stored. */
export async function importStored(text: string) {
  const indexedDB = new IDBFactory();
  const storage = new MemoryStorage();
  const first = await openPage(indexedDB, storage);
  const imported = await first.store.getState().importTranscriptFile(new File([text], 'long.json'));
  const runId = first.store.getState().runView.runId!;
  const db = await openStoredSessions(indexedDB);
  return { indexedDB, storage, first, imported, runId, db, events: await db.readEvents(runId) };
}
