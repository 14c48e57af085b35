// The shape of session storage, shared by its home (the worker) and the page that asks it over commands.

/** What storage needs of a session record: its id and its runs' ids (their events are kept apart, by run). */
export interface StoredSessionShape {
  id: string;
  runs: readonly { runId: string }[];
}

/**
 * The sessions database: records of type `R`, and each run's events (`E`) appended at checkpoints. Every method
 * rejects with an error whose message a person can act on (quota, private mode, another tab's upgrade).
 */
export interface SessionDb<R extends StoredSessionShape, E> {
  listSessions(): Promise<R[]>;
  getSession(id: string): Promise<R | undefined>;
  putSession(record: R): Promise<void>;
  /** Deletes the session and every event of its runs. */
  deleteSession(record: R): Promise<void>;
  /** Appends `events` to run `runId`, the first one at position `fromSeq`. */
  appendEvents(runId: string, fromSeq: number, events: readonly E[]): Promise<void>;
  /** Run `runId`'s events from position `from` (default 0) up to, not including, `to` (default the end). */
  readEvents(runId: string, from?: number, to?: number): Promise<E[]>;
  /** How many events run `runId` has stored (a key count: no event is read). */
  countEvents(runId: string): Promise<number>;
}
