// Session storage over the worker ⇄ UI contract: the worker keeps the sessions database (IndexedDB, or memory
// where the browser refuses it); the page reads and writes records and run events through these commands.
import type { RunEvent } from '../engine/event/run-event';
import type { StoredSessionShape } from '../shared/sessions/session-db';

/**
 * A session record as stored. The worker needs only its id and runs' ids; the rest is the page's (it wrote the
 * record, so it reads it back as its own type).
 */
export type StoredSession = StoredSessionShape;

/** Session storage commands, one per `SessionDb` method. */
export type SessionStorageCommand =
  | { type: 'session-list' }
  | { type: 'session-get'; sessionId: string }
  | { type: 'session-put'; record: StoredSession }
  /** Deletes the record and every event of its runs. */
  | { type: 'session-delete'; record: StoredSession }
  /** Appends `events` to run `runId`, the first at position `fromSeq` (the worker's tests seed logs with it). */
  | { type: 'session-events-append'; runId: string; fromSeq: number; events: RunEvent[] }
  /** Events `from` (default 0) up to, not including, `to` (default the end), as stored: safe mode's raw read. */
  | { type: 'session-events-read'; runId: string; from?: number; to?: number };

/** Commands about the run log the worker writes at each checkpoint (while this tab owns its session). */
export type RunLogCommand =
  /** Writes every run's buffered events (streaming ones too), e.g. before the page reads a log back. */
  { type: 'run-log-flush' };

/** What each session storage command's reply carries. A failure is an error reply in plain words. */
export interface SessionStorageCommandResults {
  'session-list': StoredSession[];
  /** `null`: no such session. */
  'session-get': StoredSession | null;
  'session-put': null;
  'session-delete': null;
  'session-events-append': null;
  'session-events-read': RunEvent[];
}

export interface RunLogCommandResults {
  'run-log-flush': null;
}

/**
 * Posted by the worker when session storage stops working without a command failing: another tab upgraded the
 * database, or the browser refused it (sessions are then kept in memory until the tab closes).
 */
export interface StorageProblemMessage {
  type: 'storage-problem';
  message: string;
}

/** Posted by the worker after it stored a checkpoint of run `runId` (it tells the other tabs itself). */
export interface RunLogWrittenMessage {
  type: 'run-log-written';
  runId: string;
}
