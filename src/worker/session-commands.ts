// Worker side of sessions: import a transcript, load a stored run, replay a run, compare two runs.
import type { UserAttachment } from '../protocol/user-attachment';
import type { RunEvent } from '../engine/event/run-event';
import type { Message } from '../engine/message/message';
import type { Tool } from '../engine/tool/tool';
import { repairHistory } from '../engine/message/repair-history';
import type { Model, Usage } from '../engine/model/model';
import type { TranscriptMeta } from '../engine/transcript/build-transcript';
import { foldHistory } from '../engine/transcript/fold-history';
import { importTranscript } from '../engine/transcript/import-transcript';
import type { TranscriptSchemaCheck } from '../engine/transcript/transcript-problem';
import { canResume } from '../engine/run/resume-run';
import { closeCutAppCalls } from '../engine/app-calls/close-cut-app-calls';
import type { Transcript } from '../engine/transcript/transcript';
import { transcriptToEvents } from '../engine/transcript/transcript-to-events';
import type { ProviderSettings, RunSettings } from '../protocol/settings';
import { LONG_RUN_ROUNDS, MAX_TRANSCRIPT_BYTES, TAIL_ROUNDS } from '../protocol/session-messages';
import type {
  RunLoadCommand,
  RunLoadResult,
  RunReplayCommand,
  RunResumeCommand,
  RunsCompareResult,
  TranscriptImportCommand,
  TranscriptImportResult,
} from '../protocol/session-messages';
import type { RunOrigin } from '../engine/otel/run-links';
import { createReplayModel } from '../providers/replay/create-replay-model';
import { createRecordedTools } from '../providers/replay/create-recorded-tools';
import { watchLiveDivergence } from '../providers/replay/watch-live-divergence';
import { findTailStart } from '../shared/find-tail-start';
import { countRounds } from '../shared/sessions/count-rounds';
import { importBranches, type ImportedBranch } from './import-branches';
import type { RunRegistry } from './run-registry';
import { createRunTranscripts, derivedRunMeta, type RunMeta } from './run-transcript-meta';

/** How a run may differ from an ordinary `run-start`: replay brings its own model, history and prompt. */
export interface RunOverrides {
  model?: Model;
  history?: Message[];
  userMessage?: Message;
  system?: string;
  /** Blocks before the typed text of the new user message (an attached MCP resource). */
  attachments?: UserAttachment[];
  /** The tools instead of the connected servers' (offline replay: the recorded results). */
  tools?: Tool[];
  /** The stored log of a run cut short: it goes on as the same run, from its pause (step mode) or its interrupted round. */
  resume?: RunEvent[];
}

export interface SessionCommandContext {
  runs: RunRegistry;
  appVersion: string;
  now: () => number;
  createModel: (provider: ProviderSettings) => Model;
  startRun: (runId: string, settings: RunSettings, text: string, overrides: RunOverrides) => void;
  /** Resolves once the servers being connected have answered (a resumed call needs its tool). */
  serversSettled?: () => Promise<void>;
  /** Hears each replay as it starts: its trace links to the run it replays. */
  onReplay?: (runId: string, origin: RunOrigin) => void;
}

/** An import as the worker has it: the run's events whole (the reply gives counts, `toImportReply`). */
export type TranscriptImportOutcome =
  | (Omit<Extract<TranscriptImportResult, { ok: true }>, 'eventCount' | 'branches'> & {
      events: RunEvent[];
      branches?: ImportedBranch[];
    })
  | Extract<TranscriptImportResult, { ok: false }>;

/** The reply to `transcript-import`: counts in place of the events, which the UI reads in chunks. */
export function toImportReply(outcome: TranscriptImportOutcome): TranscriptImportResult {
  if (!outcome.ok) return outcome;
  const { events, branches, ...rest } = outcome;
  return {
    ...rest,
    eventCount: events.length,
    ...(branches === undefined
      ? {}
      : {
          branches: branches.map((branch) => ({
            info: branch.info,
            eventCount: branch.events.length,
            rounds: countRounds(branch.events),
          })),
        }),
  };
}

/** The text of an import: read here in the worker when the command carries the file (never over the size cap). */
export async function importText(command: TranscriptImportCommand): Promise<string> {
  if (!('file' in command)) return command.text;
  if (command.file.size > MAX_TRANSCRIPT_BYTES)
    throw new Error(`The file is over ${MAX_TRANSCRIPT_BYTES / 1024 / 1024} MB, the most Loupe opens.`);
  return command.file.text();
}

/** A `run-load` with the run's stored log, as the sessions host read it. */
export type StoredRunLoad = RunLoadCommand & { events: RunEvent[] };

export interface SessionCommands {
  /**
   * Imports the text (`importText` reads a file first), checked by `checkSchema` (check-transcript-schema.ts,
   * which the host loads with the first import: the schema and its check stay out of the worker's start).
   */
  importTranscript(
    command: Extract<TranscriptImportCommand, { text: string }>,
    checkSchema: TranscriptSchemaCheck,
  ): TranscriptImportOutcome;
  /** Events `from` up to, not including, `to` of a kept run, as they are (bounds clamped to it): for storage and views. */
  keptEvents(runId: string, from: number, to: number): RunEvent[];
  /** Keeps a stored run (its log read from storage by the sessions host). */
  loadRun(command: StoredRunLoad): RunLoadResult;
  replayRun(command: RunReplayCommand): null;
  /**
   * Goes on with a run `loadRun` kept open, from the log it keeps (read once, by the open); `kept` is told its
   * length before the loop starts, so the run log writer stores the first resumed event after it.
   */
  resumeRun(command: RunResumeCommand, kept?: (eventCount: number) => void): Promise<null>;
  /** The comparison's code loads with the first compare, not with the worker (issue 16's worker budget). */
  compareRuns(leftRunId: string, rightRunId: string): Promise<RunsCompareResult>;
  /** The transcript of any run the worker knows (live, imported or loaded). */
  transcriptOf(runId: string): Transcript;
}

export function createSessionCommands(context: SessionCommandContext): SessionCommands {
  const { runs } = context;
  const { transcriptOf } = createRunTranscripts(runs, context.appVersion);
  // Stored runs loaded as they are (interrupted, kept open): the only known runs a resume or a load may replace.
  const keptOpen = new Set<string>();
  const forgetKeptOpen = (runId: string): void => {
    if (keptOpen.delete(runId)) runs.remove(runId);
  };

  function keep(runId: string, events: RunEvent[], meta: RunMeta): void {
    if (runs.has(runId)) return;
    runs.add({
      runId,
      controller: new AbortController(),
      events,
      createdAt: meta.createdAt,
      settings: meta.settings,
      servers: meta.servers,
      done: Promise.resolve(),
      startedHere: false,
    });
  }

  return {
    importTranscript(command, checkSchema) {
      const outcome = importTranscript(command.text, checkSchema);
      if (!outcome.ok) return outcome;
      const { transcript } = outcome;
      const unfolded = transcriptToEvents({ ...transcript, runId: command.runId });
      const changes = [...outcome.changes];
      // A run exported before it ended is opened as stopped, so the session never shows it "running".
      const ended = unfolded.some((event) => event.type === 'run-end');
      const events = ended ? unfolded : [...unfolded, closingEvent(unfolded)];
      if (!ended) changes.push('The run had not ended when it was exported; it is shown as stopped (aborted).');
      const meta: TranscriptMeta = {
        createdAt: transcript.createdAt,
        app: transcript.app,
        settings: transcript.settings,
        servers: transcript.servers,
      };
      keep(command.runId, events, meta);
      const imported = importBranches(transcript, command.runId, (branch) =>
        branch.some((event) => event.type === 'run-end') ? branch : [...branch, closingEvent(branch)],
      );
      for (const branch of imported?.branches ?? []) keep(branch.info.runId, branch.events, meta);
      const tailFrom = findTailStart(events, TAIL_ROUNDS, LONG_RUN_ROUNDS);
      return {
        ok: true,
        events,
        meta,
        changes,
        title: titleOf(transcript),
        ...imported,
        ...(tailFrom === undefined ? {} : { tailFrom }),
      };
    },

    keptEvents(runId, from, to) {
      const { events } = runs.get(runId);
      const clamp = (at: number) => Math.min(Math.max(0, Math.trunc(at) || 0), events.length);
      return events.slice(clamp(from), clamp(to));
    },

    loadRun(command) {
      const logged = [...command.events];
      forgetKeptOpen(command.runId);
      const interrupted = !logged.some((event) => event.type === 'run-end');
      const live = runs.has(command.runId);
      const keepOpen = interrupted && command.keepOpen === true && !live;
      if (keepOpen) keptOpen.add(command.runId);
      // App calls a reload cut off (their frames are gone) end here, unless this worker still runs them or the
      // person has yet to choose (a resume closes them in the engine).
      const cutAppCalls = live || keepOpen ? [] : closeCutAppCalls(logged, lastTime(logged));
      const closingEvents: RunEvent[] = [...cutAppCalls, ...(interrupted && !keepOpen ? [closingEvent(logged)] : [])];
      const events = [...logged, ...closingEvents];
      keep(command.runId, events, command.meta ?? derivedRunMeta(events, context.now()));
      if (!interrupted || keepOpen) return { interrupted, closingEvents, history: [], changes: [] };
      const repair = repairHistory(foldHistory(events));
      return { interrupted, closingEvents, history: repair.messages, changes: repair.changes };
    },

    replayRun(command) {
      const source = transcriptOf(command.sourceRunId);
      const start = runs.get(command.sourceRunId).events.find((event) => event.type === 'run-start');
      const initial = start?.type === 'run-start' ? start.messages : source.messages.slice(0, 1);
      const userMessage = initial[initial.length - 1];
      if (userMessage === undefined) throw new Error('The recorded run has no first message to replay.');
      const recordedReplies = command.mode !== 'live';
      // Every mode says where the replay departs from the recording, on the round it happens.
      const model = recordedReplies
        ? createReplayModel(source.rounds, source.settings.model, source.messages)
        : watchLiveDivergence(context.createModel(command.settings.provider), source.rounds, source.messages);
      const settings: RunSettings = recordedReplies
        ? { ...command.settings, maxRounds: source.settings.maxRounds, maxTokens: source.settings.maxTokens }
        : command.settings;
      context.onReplay?.(command.runId, { kind: 'replay', sourceRunId: command.sourceRunId, mode: command.mode });
      context.startRun(command.runId, settings, '', {
        model,
        history: initial.slice(0, -1),
        userMessage,
        ...(source.system === undefined ? {} : { system: source.system }),
        // Offline: the recorded results answer the calls — no server is asked anything.
        ...(command.mode === 'offline' ? { tools: createRecordedTools(source) } : {}),
      });
      return null;
    },

    async resumeRun(command, kept) {
      const { runId } = command;
      if (!keptOpen.has(runId)) throw new Error(notResumable(runs, runId));
      const { events } = runs.get(runId);
      if (!canResume(events)) throw new Error('The stored run has already ended, so it cannot go on.');
      forgetKeptOpen(runId);
      kept?.(events.length);
      await context.serversSettled?.();
      context.startRun(runId, command.settings, '', { resume: events });
      return null;
    },

    async compareRuns(leftRunId, rightRunId) {
      const left = transcriptOf(leftRunId);
      const right = transcriptOf(rightRunId);
      const { diffTranscripts } = await import('../engine/transcript/diff-transcripts');
      return diffTranscripts(left, right);
    },

    transcriptOf,
  };
}

/** Why `runId`, not kept open here, cannot be resumed: unknown (not opened), finished, or still going. */
function notResumable(runs: RunRegistry, runId: string): string {
  if (!runs.has(runId)) return `The run ${runId} is not open here: open its session first.`;
  if (!canResume(runs.get(runId).events)) return 'The stored run has already ended, so it cannot go on.';
  return `The run ${runId} is already open.`;
}

/** The `run-end` that closes a log cut short, the way a Stop would have ended it. */
function closingEvent(events: readonly RunEvent[]): RunEvent {
  return { type: 'run-end', at: lastTime(events), finishReason: 'aborted', usage: repliesUsage(events) };
}

function lastTime(events: readonly RunEvent[]): number {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (event !== undefined && 'at' in event && typeof event.at === 'number') return event.at;
  }
  return 0;
}

function repliesUsage(events: readonly RunEvent[]): Usage {
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  for (const event of events) {
    if (event.type !== 'response-end') continue;
    usage.inputTokens += event.usage.inputTokens;
    usage.outputTokens += event.usage.outputTokens;
  }
  return usage;
}

/** The first user text of the run, shortened: a session's default name. */
function titleOf(transcript: Transcript): string {
  for (const message of transcript.messages) {
    if (message.role !== 'user') continue;
    for (const block of message.content) if (block.type === 'text') return block.text.slice(0, 60);
  }
  return `Imported run ${transcript.runId.slice(0, 8)}`;
}
