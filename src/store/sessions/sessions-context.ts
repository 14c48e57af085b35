// What every part of the sessions slice shares: the database, the open record, the worker's run log, saving.
import { readBranches } from './session-branches';
import { describeError } from '../loupe-state';
import type { GetLoupeState, LoupeState, SetLoupeState, SliceDependencies } from '../loupe-state';
import { writeItem } from '../safe-storage';
import { createMemorySessionDb } from '../../shared/sessions/memory-session-db';
import { createWorkerSessionDb, type SessionDb } from './worker-session-db';
import { pickSessionSettings, summarize } from './session-record';
import type { SessionRecord, StoredRun } from './session-record';
import { createPageTabKeeper, type TabKeeper } from './tab-keeper';
import { toPersistedServer } from '../persist-servers';
import type { RunEvent } from '../../engine/event/run-event';

/** The localStorage key of the session a reload opens. */
export const CURRENT_SESSION_KEY = 'loupe.session';

export interface SessionsOptions {
  /**
   * Where sessions are kept: `worker`, the worker's sessions database (IndexedDB there, or memory where the
   * browser refuses it, said once), which also stores run logs; `memory`, records only, on this page until it
   * closes (tests of other slices: no run log is stored).
   */
  sessionStore: 'worker' | 'memory';
  now: () => number;
  /** The page's hold on the session its worker owns; defaults to the page's Web Locks (when present). */
  keeper?: TabKeeper;
}

/** How a run about to start joins the session: where it came from and its label. */
export type PendingRun = Pick<StoredRun, 'origin' | 'label' | 'sourceRunId'>;

/** The state and helpers the parts of the sessions slice share (one per store). */
export interface SessionsContext {
  get: GetLoupeState;
  update: (partial: Partial<LoupeState>) => void;
  deps: SliceDependencies;
  options: SessionsOptions;
  /** The sessions database: the worker's, or (tests) one in this page's memory. */
  db: SessionDb;
  /** The open session's record (the one the store shows). */
  current: SessionRecord | null;
  /** Runs the worker knows and the session stores events for. */
  loadedRuns: Set<string>;
  /** Runs asked for whose `run-start` has not come yet. */
  pending: Map<string, PendingRun>;
  /** The worker's run log: it stores runs at their checkpoints while this tab owns the session. */
  runLog: {
    /** Writes every run's buffered events; resolves once they are stored (before a log is read back). */
    flush: () => Promise<void>;
  };
  /** The page's hold on the session its worker owns (so it keeps it through a worker restart). */
  keeper: TabKeeper;
  /** Deletes `record` unless another tab has it open; true when deleted. */
  deleteUnlessOpen: (record: SessionRecord) => Promise<boolean>;
  /** Whether this tab writes the open session, as its worker says (another tab may own it: then this one reads). */
  owns: boolean;
  /** Set while a takeover by another tab stops this one: events of its runs are no longer recorded. */
  releasing: boolean;
  /** Decides who owns the session just opened (set by the ownership part; resolves once decided). */
  enterSession: (record: SessionRecord) => Promise<void>;
  /** Shows a storage failure once as an alert and keeps it as `storageProblem`. */
  reportStorage: (error: unknown) => void;
  /** Stamps and writes `record`, then refreshes the list. */
  save: (record: SessionRecord) => Promise<void>;
  refreshList: () => Promise<void>;
  /** A new empty session with the page's settings and servers (not saved yet). */
  blankSession: (name: string) => SessionRecord;
  /** Makes `record` the open session (remembered for the next load) and settles whether this tab owns it. */
  makeCurrent: (record: SessionRecord) => Promise<void>;
  /** Resolves once no server of the page is still connecting (or after 10 s: the run then says what is missing). */
  waitForServers: () => Promise<void>;
}

export function createSessionsContext(
  set: SetLoupeState,
  get: GetLoupeState,
  deps: SliceDependencies,
  options: SessionsOptions,
): SessionsContext {
  let reportedStorage = false;
  const update = (partial: Partial<LoupeState>): void => set(partial);
  const context: SessionsContext = {
    get,
    update,
    deps,
    options,
    db:
      options.sessionStore === 'worker'
        ? createWorkerSessionDb(deps.client)
        : createMemorySessionDb<SessionRecord, RunEvent>(),
    current: null,
    loadedRuns: new Set<string>(),
    pending: new Map<string, PendingRun>(),
    runLog: {
      flush: async () => void (await deps.client.send({ type: 'run-log-flush' })),
    },
    keeper: options.keeper ?? createPageTabKeeper(),
    async deleteUnlessOpen(record) {
      if (options.sessionStore === 'memory') {
        await context.db.deleteSession(record);
        return true;
      }
      return (await deps.client.send({ type: 'session-delete-unless-open', record })).deleted;
    },
    owns: true,
    releasing: false,
    enterSession: () => Promise.resolve(),

    reportStorage(error) {
      const message = describeError(error);
      update({ storageProblem: message });
      if (!reportedStorage) get().pushAlert(message);
      reportedStorage = true;
    },

    async save(record) {
      // A session another tab owns is that tab's to write.
      if (record.id === context.current?.id && !context.owns) return;
      record.updatedAt = options.now();
      try {
        // The worker tells the other tabs.
        await context.db.putSession(record);
      } catch (error) {
        context.reportStorage(error);
      }
      await context.refreshList();
    },

    async refreshList() {
      try {
        const all = await context.db.listSessions();
        update({ sessions: all.map(summarize).sort((left, right) => right.updatedAt - left.updatedAt) });
      } catch (error) {
        context.reportStorage(error);
      }
    },

    blankSession(name) {
      const now = options.now();
      return {
        id: deps.createId(),
        name,
        createdAt: now,
        updatedAt: now,
        settings: pickSessionSettings(get().settings),
        servers: get().servers.map(toPersistedServer),
        runs: [],
        activeRunId: null,
        extensions: {},
      };
    },

    async makeCurrent(record) {
      context.current = record;
      writeItem(deps.storage, CURRENT_SESSION_KEY, record.id);
      update({
        currentSessionId: record.id,
        sessionRuns: [...record.runs],
        sessionBranches: readBranches(record),
        sessionNotice: null,
        resumeHistory: null,
      });
      await context.enterSession(record);
    },

    async waitForServers() {
      const connecting = (): boolean =>
        get().servers.some((server) => (get().serverStates[server.id]?.status ?? 'connecting') === 'connecting');
      for (let waited = 0; waited < 10_000 && connecting(); waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  return context;
}
