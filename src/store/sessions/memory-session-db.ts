// A SessionDb in memory: used when the browser refuses storage, so sessions still work until the tab closes.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionDb } from './session-db';
import type { SessionRecord } from './session-record';

export function createMemorySessionDb(): SessionDb {
  const sessions = new Map<string, SessionRecord>();
  const events = new Map<string, RunEvent[]>();
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
