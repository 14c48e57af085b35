// Safe mode's actions on a session that may be malformed: read it as stored (never trusting its shape),
// delete it, or start a fresh session beside it. Only `SessionDb` calls; nothing here folds or renders events.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionDb } from './worker-session-db';
import type { SessionRecord, SessionSettings } from './session-record';

/** What safe mode shows of a stored session, whatever its shape. */
export interface RawSession {
  id: string;
  /** Its name, when it has a readable one. */
  name: string | null;
  record: unknown;
  /** Each run's stored events, by run id; a run whose events cannot be read is absent and listed in `problems`. */
  events: Record<string, RunEvent[]>;
  problems: string[];
}

/** The run ids a record claims, keeping only well-formed ones. */
function runIdsOf(record: unknown): string[] {
  const runs = (record as { runs?: unknown } | null)?.runs;
  if (!Array.isArray(runs)) return [];
  return runs.flatMap((run: unknown) => {
    const runId = (run as { runId?: unknown } | null)?.runId;
    return typeof runId === 'string' ? [runId] : [];
  });
}

/** Reads session `id` and its runs' events as stored; `undefined` when there is no such session. */
export async function readRawSession(db: SessionDb, id: string): Promise<RawSession | undefined> {
  const record: unknown = await db.getSession(id);
  if (record === undefined) return undefined;
  const events: Record<string, RunEvent[]> = {};
  const problems: string[] = [];
  for (const runId of runIdsOf(record)) {
    try {
      events[runId] = await db.readEvents(runId);
    } catch (error) {
      problems.push(`run ${runId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const name = typeof record === 'object' && record !== null ? (record as { name?: unknown }).name : undefined;
  return { id, name: typeof name === 'string' ? name : null, record, events, problems };
}

/** The file safe mode downloads: the session as stored, with its events, as JSON (not a transcript). */
export function rawSessionJson(session: RawSession): string {
  const seen = new WeakSet();
  // A record read from IndexedDB is a tree, but a BigInt or a cycle from a future format must not stop the export.
  return JSON.stringify(
    {
      format: 'loupe-raw-session',
      id: session.id,
      record: session.record,
      events: session.events,
      problems: session.problems,
    },
    (_key, value: unknown) => {
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return '[cycle]';
        seen.add(value);
      }
      return value;
    },
    2,
  );
}

/** Deletes session `id` and the events of every run it names (a record with no readable runs: the record only). */
export async function deleteRawSession(db: SessionDb, id: string): Promise<void> {
  const record: unknown = await db.getSession(id);
  const runs = runIdsOf(record).map((runId) => ({ runId, origin: 'live' as const, label: '', startedAt: 0 }));
  await db.deleteSession({ id, runs } as unknown as SessionRecord);
}

/** Stores a new empty session, newest of all, so the next load opens it rather than the failing one. */
export async function createFreshSession(
  db: SessionDb,
  options: { id: string; name: string; now: number; settings: SessionSettings },
): Promise<SessionRecord> {
  const record: SessionRecord = {
    id: options.id,
    name: options.name,
    createdAt: options.now,
    updatedAt: options.now,
    settings: options.settings,
    servers: [],
    runs: [],
    activeRunId: null,
    extensions: {},
  };
  await db.putSession(record);
  return record;
}
