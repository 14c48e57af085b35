// The page's way to the sessions database, which the worker keeps: each SessionDb call is one command.
import type { EngineClient } from '../../client/engine-client';
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionDb as SharedSessionDb } from '../../shared/sessions/session-db';
import type { SessionRecord } from './session-record';

/** The whole sessions database in the page's types (what a test reads of the worker's, as a reload finds it). */
export type StoredSessionsDb = SharedSessionDb<SessionRecord, RunEvent>;

/**
 * The sessions database as the page uses it: its own records, and a run's events read as stored (safe mode's raw
 * download only). Run logs are the worker's to write, and their views come as `stored-run-view` streams.
 */
export type SessionDb = Pick<
  StoredSessionsDb,
  'listSessions' | 'getSession' | 'putSession' | 'deleteSession' | 'readEvents'
>;

/**
 * A SessionDb whose calls go to the worker. A failure arrives as the worker's plain words (quota, private mode,
 * another tab's upgrade). Records come back as the page stored them: only the page writes them.
 */
export function createWorkerSessionDb(client: EngineClient): SessionDb {
  return {
    listSessions: async () => (await client.send({ type: 'session-list' })) as SessionRecord[],
    getSession: async (id) =>
      ((await client.send({ type: 'session-get', sessionId: id })) as SessionRecord | null) ?? undefined,
    putSession: async (record) => void (await client.send({ type: 'session-put', record })),
    deleteSession: async (record) => void (await client.send({ type: 'session-delete', record })),
    readEvents: (runId, from, to) =>
      client.send({
        type: 'session-events-read',
        runId,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      }),
  };
}
