// Protocol types for sessions: import, restore, replay and compare of runs. Types only.
import type { RunEvent } from '../engine/event/run-event';
import type { Message } from '../engine/message/message';
import type { TranscriptMeta } from '../engine/transcript/build-transcript';
import type { TranscriptComparison } from '../engine/transcript/diff-transcripts';
import type { TranscriptProblem } from '../engine/transcript/transcript-problem';
import type { BranchInfo } from './debug-messages';
import type { RunSettings } from './settings';

/** Files larger than this are refused before they are read (a transcript with images is a few MB). */
export const MAX_TRANSCRIPT_BYTES = 50 * 1024 * 1024;

/**
 * `transcript-import`: the file itself (the worker reads it, so the page never holds its text) or its text;
 * the worker keeps the run under `runId` (for export and replay). A file over `MAX_TRANSCRIPT_BYTES` is refused.
 */
export type TranscriptImportCommand = (
  { type: 'transcript-import'; runId: string; text: string } | { type: 'transcript-import'; runId: string; file: Blob }
) & {
  /** The trace to import when the file is OTLP with several agent traces (the reply listed them). */
  traceId?: string;
  /**
   * Files picked together with `file` (an OpenTelemetry export's traces and logs written to separate files): read
   * with it as one source of spans and log records. Only OpenTelemetry files open together; each counts to the cap.
   */
  moreFiles?: Blob[];
};

/** One agent trace of an OTLP file with several: the person picks one (docs/otel.md). */
export interface OtlpTraceChoice {
  traceId: string;
  /** Its root span's name (and service). */
  name: string;
  rounds: number;
  toolCalls: number;
  /** ms since the epoch. */
  start: number;
}

/** An imported branch as the reply names it: the worker keeps its events (`run-view` sends them). */
export interface ImportedBranchInfo {
  info: BranchInfo;
  eventCount: number;
  /** Rounds its events begin (an import's `importing` mark says it without reading them). */
  rounds: number;
}

/**
 * The run's meta and every repair made; the worker keeps the run as events (shown by the same fold as a
 * live run), which it sends the UI as a view in parts (`run-view`, `eventCount` events), so no one message
 * carries a whole log. With the transcript's `branches`, `family` lists every branch (this run first) and
 * `branches` the others' runs.
 */
export type TranscriptImportResult =
  | {
      ok: true;
      eventCount: number;
      meta: TranscriptMeta;
      changes: string[];
      title: string;
      family?: BranchInfo[];
      branches?: ImportedBranchInfo[];
      /**
       * Set when the run has more than `LONG_RUN_ROUNDS` rounds: where the last `TAIL_ROUNDS` begin (a
       * `round-start`): the UI asks for the view tail first (`run-view` with `tailFirst`) and shows them before the rest.
       */
      tailFrom?: number;
    }
  /** `traces`: an OTLP file holds several agent traces; nothing was imported until one is picked (`traceId`). */
  | { ok: false; problems: TranscriptProblem[]; traces?: OtlpTraceChoice[] };

/**
 * Rounds a long import or restore shows first, while the earlier ones are read: a few screens' worth. Each of
 * them is a card to mount (a slice of cards per frame) before the last round is on the page, and to unmount
 * when the whole run takes their place: at 30 the last round came 10 frames in, and their unmounting was the
 * largest part of that swap's task.
 */
export const TAIL_ROUNDS = 10;

/**
 * Runs longer than this show their tail first, and the timeline lists their cards virtualised (VIRTUAL_FROM):
 * the whole run then replaces the tail with the few cards around its first round. A shorter run is read whole
 * (at most some thirty rounds, a few reads) and its cards mount a slice per frame: shown as a tail first, the
 * whole run would then mount all its earlier cards in one commit (a 20-round import's longest task, 930
 * elements laid out at once).
 */
export const LONG_RUN_ROUNDS = 30;

/** Events per `stored-run-view` part: some forty rounds, well under 50 ms to clone and fold on a slow machine. */
export const EVENTS_PER_READ = 600;

/**
 * How the worker keeps a stored run whose log it read (`session-open`, session-open-messages.ts, decides the
 * flags): so it can be exported, replayed and compared (and, while the page owns the session, stored on).
 */
export interface RunLoadCommand {
  type: 'run-load';
  runId: string;
  /** Kept from an import; derived from the events when absent. */
  meta?: TranscriptMeta;
  /**
   * An interrupted run is kept as it is, not closed, while the person chooses to resume it (`run-resume`
   * then replaces it) or to end it here (a second load without this flag closes it).
   */
  keepOpen?: boolean;
}

/** What the worker found in a stored run: whether it was cut short, and how its history was repaired. */
export interface RunLoadResult {
  /** True when the log has no `run-end`: the run was interrupted (reload, crash) and is closed as `aborted` (unless `keepOpen`). */
  interrupted: boolean;
  /** The events appended to close an interrupted run (a `run-end`), to fold into the view. */
  closingEvents: RunEvent[];
  /**
   * The conversation as it can go on (`repairHistory` of the fold) when the worker closed the run here
   * (interrupted, not kept open); otherwise empty. Only a run closed here is offered to go on from: sent for
   * every load, a 2,000-round history was a 20 ms structured clone on the page's main thread, read by no one.
   */
  history: Message[];
  /** What `repairHistory` changed, one sentence each (as `history`: only for a run closed here). */
  changes: string[];
}

/**
 * `run-resume`: a stored run cut short when the page went away goes on as the same run, from the log the worker
 * kept when `session-open` kept the run open (refused for a run not kept open). Held at a pause: it holds that pause again, in step mode. Cut while the model answered or
 * tools ran: it re-enters that round (see the engine's `planResume`). Refused when the log has a `run-end`.
 */
export interface RunResumeCommand {
  type: 'run-resume';
  runId: string;
  settings: RunSettings;
}

/** `run-replay`: re-runs `sourceRunId` as a new run `runId`, with its recorded replies or the live model. */
/** How a replay gets its replies and its tool results. */
export type ReplayMode = 'offline' | 'recorded' | 'live';

export interface RunReplayCommand {
  type: 'run-replay';
  runId: string;
  sourceRunId: string;
  /**
   * `offline`: recorded replies and recorded tool results (no key, no server); `recorded`: recorded replies,
   * live tools; `live`: the live model and live tools. Each says where it departs from the recording.
   */
  mode: ReplayMode;
  settings: RunSettings;
}

/**
 * `run-continue` (Continue live): starts `runId` from the whole history of `sourceRunId` (an opened request or
 * any run whose history ends with the person), with the person's model and the connected servers' tools.
 * `unmatched` says what to do with the source's tools that no connected server offers: absent, nothing starts
 * while there are any (the reply names them); `by-hand`, they are sent and the person answers each call at its
 * pause; `leave-out`, they are not sent.
 */
export interface RunContinueCommand {
  type: 'run-continue';
  runId: string;
  sourceRunId: string;
  settings: RunSettings;
  unmatched?: 'by-hand' | 'leave-out';
}

/** Whether the run started, and the source's tools no connected server offers (exposed names). */
export interface RunContinueResult {
  started: boolean;
  unmatched: string[];
}

/** `runs-compare`: both runs must be known to the worker (live, imported or loaded). */
export interface RunsCompareCommand {
  type: 'runs-compare';
  leftRunId: string;
  rightRunId: string;
}

export type RunsCompareResult = TranscriptComparison;
