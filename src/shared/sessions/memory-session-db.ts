// A SessionDb in memory: where the browser refuses storage (sessions then last until the tab closes), and in tests.
import type { SessionDb, StoredSessionShape } from './session-db';

/** Every value goes in and out as a structured clone, as IndexedDB's would, so no caller shares a stored object. */
export function createMemorySessionDb<R extends StoredSessionShape, E>(): SessionDb<R, E> {
  const sessions = new Map<string, R>();
  const events = new Map<string, E[]>();
  return {
    listSessions: () => Promise.resolve([...sessions.values()].map((record) => structuredClone(record))),
    getSession: (id) => Promise.resolve(structuredClone(sessions.get(id))),
    putSession: (record) => {
      sessions.set(record.id, structuredClone(record));
      return Promise.resolve();
    },
    deleteSession: (record) => {
      sessions.delete(record.id);
      for (const run of record.runs) events.delete(run.runId);
      return Promise.resolve();
    },
    appendEvents: (runId, fromSeq, added) => {
      const log = (events.get(runId) ?? []).slice(0, fromSeq);
      events.set(runId, [...log, ...structuredClone(added)]);
      return Promise.resolve();
    },
    readEvents: (runId, from = 0, to) => Promise.resolve(structuredClone((events.get(runId) ?? []).slice(from, to))),
    countEvents: (runId) => Promise.resolve(events.get(runId)?.length ?? 0),
  };
}
