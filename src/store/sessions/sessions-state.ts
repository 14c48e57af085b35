// The sessions part of the store: types only.
import type { Message } from '../../engine/message/message';
import type { RunEvent } from '../../engine/event/run-event';
import type { BranchInfo } from '../../protocol/debug-messages';
import type {
  OtlpTraceChoice,
  ReplayMode,
  RunContinueResult,
  RunsCompareResult,
} from '../../protocol/session-messages';
import type { SessionSummary, StoredRun } from './session-record';

/** A message about the open session that is not an error: what was restored, imported or repaired. */
export interface SessionNotice {
  /** `restoring`: a long stored run's last rounds are shown while the rest is read. */
  kind: 'interrupted' | 'imported' | 'restoring';
  title: string;
  details: string[];
  /** An interrupted run waiting for the person's choice: Resume (`resumeInterruptedRun`) or End here. */
  resumable?: boolean;
}

/** Where the other run of Compare across sessions comes from: a stored session's run, or a file. */
export type CompareSource = { sessionId: string; runId: string } | { file: File };

export interface SessionsSlice {
  sessions: SessionSummary[];
  currentSessionId: string | null;
  /** The current session's runs, oldest first. */
  sessionRuns: StoredRun[];
  /** The current session's branches (every fork family), as stored with it: run labels name a fork's parent. */
  sessionBranches: BranchInfo[];
  sessionNotice: SessionNotice | null;
  /** The conversation a restored session can go on from (repaired), when it was interrupted. */
  resumeHistory: Message[] | null;
  /** Set while storage is unusable (private mode, quota); sessions then live in memory only. */
  storageProblem: string | null;
  /** The worker says session storage stopped working: shown once as an alert and kept as `storageProblem`. */
  applyStorageProblem: (message: string) => void;
  /** Whether this tab writes the open session, or shows it read-only because another tab owns it. */
  sessionAccess: 'owner' | 'read-only' | 'taking-over';
  /** Why the session is read-only here, or what just changed hands; null when there is nothing to say. */
  sessionAccessNote: string | null;
  /** Makes this tab the owner of the open session; the tab that had it turns read-only and stops writing. */
  takeOverSession: () => Promise<void>;
  /** Opens the database and the last session (restoring its run), or starts a first one. */
  initSessions: () => Promise<void>;
  /**
   * Settles once `initSessions` has opened the session (at once when it never started, as in tests): a run
   * started before that (Run pressed while the engine, which keeps the sessions, was starting) waits for it.
   */
  sessionsOpened: () => Promise<void>;
  newSession: () => Promise<void>;
  openSession: (id: string) => Promise<void>;
  renameSession: (id: string, name: string) => Promise<void>;
  duplicateSession: (id: string) => Promise<void>;
  deleteSession: (id: string) => Promise<void>;
  /** Shows another run of the current session in the timeline. */
  showRun: (runId: string) => Promise<void>;
  /** Names a run about to start in this session (its label) instead of its first message. */
  nameRun: (runId: string, label: string) => void;
  /**
   * Validates, repairs and opens a transcript file (or an OTLP trace, `traceId` the one picked of several; several
   * OpenTelemetry files picked together are read as one export) as a new session; a bad file changes nothing.
   */
  importTranscriptFile: (file: File | readonly File[], traceId?: string) => Promise<boolean>;
  /** The files of an OTLP import with several agent traces (`name`: theirs, joined), while the person picks one. */
  traceChoice: { files: File[]; name: string; traces: OtlpTraceChoice[] } | null;
  dismissTraceChoice: () => void;
  /** Re-runs the shown run with its recorded replies (`recorded`) or the live model (`live`). */
  /** Replays the shown run: `offline` (recorded replies and results), `recorded` (live tools) or `live`. */
  replayRun: (mode: ReplayMode) => Promise<void>;
  /** Sends the draft as the next message of the restored conversation (ending an undecided run first). */
  continueRun: () => Promise<void>;
  /** Goes on with the interrupted run the notice offers, as the same run, from the round it was cut in. */
  resumeInterruptedRun: () => Promise<void>;
  /** Ends the interrupted run the notice offers where it was cut (stopped, as aborted). */
  endInterruptedRun: () => Promise<void>;
  compareRuns: (leftRunId: string, rightRunId: string) => Promise<RunsCompareResult | null>;
  /**
   * Continue live: a new run from the shown run's whole history, on the person's model and servers. Without
   * `unmatched`, nothing starts while some of its tools are offered by no connected server (the result names
   * them); `by-hand` sends them and holds each of their calls (`names`) at a breakpoint for the person's result.
   */
  /** The runs of a stored session, for Compare across sessions (none when it is gone). */
  listSessionRuns: (sessionId: string) => Promise<StoredRun[]>;
  /** A run of another session or of a file (left) against `rightRunId` of this one, or null with an alert. */
  compareAcross: (source: CompareSource, rightRunId: string) => Promise<RunsCompareResult | null>;
  continueLive: (unmatched?: 'by-hand' | 'leave-out', names?: readonly string[]) => Promise<RunContinueResult>;
  dismissSessionNotice: () => void;
  /** Every run event passes here first (checkpoints). */
  recordRunEvent: (runId: string, event: RunEvent) => void;
  /** Resolves when every checkpoint so far is written. */
  flushSessions: () => Promise<void>;
  /**
   * After the engine worker was replaced (crash or hang): the new worker holds no runs, so the shown run
   * is read back from storage and loaded again, as after a reload.
   */
  reopenAfterRestart: () => Promise<void>;
  /** Remembers branches (new or renamed) with the current session, so a reload or an export keeps them. */
  recordBranches: (branches: BranchInfo[]) => Promise<void>;
}
