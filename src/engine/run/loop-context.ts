// Pure types: the state the loop's phases share — the run's (one per run) and the round's (one per round).
import type { DebugSession } from '../debug/create-debug-session';
import type { FinishReason, RequestDigest, RunErrorInfo, RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import type { ModelRequest, StopReason, ToolDefinition, Usage } from '../model/model';
import type { LoopPolicies } from '../../shared/loop-policies';
import type { RunPolicyState } from '../policies/run-policy-state';
import type { Tool } from '../tool/tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import type { RunOptions, RunResult } from './run-options';
import type { RecordedCall } from './resume-run';
import type { WallClock } from './wall-time';
import type { StreamIdleTimeout } from './read-stream';
import type { ModelCallSignals } from './model-call-signal';
import type { ActiveCompaction } from '../compaction/fold-sent-history';

/** What changes over a run: its id, the round it is in, what it has spent, the request it will send next. */
export interface LoopState {
  runId: string;
  /** The current round (0 before the first). */
  round: number;
  usage: Usage;
  ended: boolean;
  startedAt: number;
  /** The catalogue of the current round (after any tools/list_changed refresh). */
  tools: readonly Tool[];
  /** Everything but the history, as the next request will carry it; a person's request edit persists. */
  base: Omit<ModelRequest, 'messages'>;
}

/** Ends the run: emits `run-end` once and returns the result (its history is the run's history now). */
export type Finish = (finishReason: FinishReason, error?: RunErrorInfo) => RunResult;

/**
 * Everything a phase may use. Phases read `options` and `policies`, change `state`, emit events and
 * read the run's history through `history()` — never the event log, which the engine does not keep.
 */
export interface LoopContext {
  options: RunOptions;
  /** The run's cancel (a person's cancel or the debugger's Stop). */
  signal: AbortSignal;
  state: LoopState;
  policyState: RunPolicyState;
  policies: LoopPolicies;
  maxRounds: number;
  emit: (event: RunEvent) => void;
  /**
   * The history the next request carries: API-valid (it passes `repairHistory` unchanged). The array may be
   * the one the previous request carried, grown (see `IncrementalHistory.sendable`): copy it to keep it.
   */
  history: () => Message[];
  /** For the compaction phase only: the full history (the transcript's) and the compaction in force over it. */
  compactionView: () => { full: Message[]; active: ActiveCompaction | undefined };
  /** Whether a tool_use with this id is in `history()` (without building it). */
  hasToolUse: (id: string) => boolean;
  /** Whether `history()` holds an image or a document (without building it). */
  hasMedia: () => boolean;
  finish: Finish;
  debug: DebugSession;
  digest: (request: ModelRequest) => RequestDigest;
  /** `signal` plus the wall-time deadline: model streams and tool calls listen to it. */
  wall: WallClock;
  /** The environment's clock, as one function for the whole run (not a new closure per model call). */
  now: () => number;
  /** The idle timeout of every model stream of the run (`LoopPolicies.modelIdleTimeoutMs`), made once. */
  modelIdle: StreamIdleTimeout;
  /** The signals the run's model calls get (one kept from call to call while no call aborts it). */
  modelSignals: ModelCallSignals;
}

/** A round's reply taken from the run's log instead of a new model call (a resumed round). */
export interface LoggedReply {
  message: Message;
  stopReason: StopReason | null;
  toolCalls: PlannedToolCall[];
  /** Whether the round still passes its after-reply point (it was the open pause). */
  afterReply: boolean;
}

/** One round as the phases hand it on. */
export interface RoundState {
  round: number;
  /** The tool definitions this round offers (withheld tools left out). */
  offered: ToolDefinition[];
  /**
   * Set when every tool is withheld: the round then offers them all with `tool_choice: none` instead of none,
   * since a request whose history holds `tool_use` blocks must define tools (the Messages API refuses it).
   */
  allWithheld?: boolean;
  /** Whether `round-start` is still to be logged (a resumed round logged it before the cut). */
  announce: boolean;
  /** A resumed round's reply from the log; absent = the model is asked. */
  reply?: LoggedReply;
  /** A resumed round's calls that had answered before the cut. */
  recorded?: ReadonlyMap<string, RecordedCall>;
  /** The round was cut while its calls ran (see `RoundExecutorOptions.cutShort`). */
  cutShort?: boolean;
}
