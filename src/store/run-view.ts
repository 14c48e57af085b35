// The view model of one run, folded from engine events by `applyRunEvent`. Types and the empty value only.
import type { FinishReason, LimitKind, PolicyName, RequestDigest, RunErrorInfo } from '../engine/event/run-event';
import type { AtLimitBehaviour } from '../shared/loop-policies';
import type { StopReason, Usage } from '../engine/model/model';
import type { ToolTaskState } from '../engine/tool/tool';
import type { ModelPrice } from '../engine/model/model-capabilities';
import type { ApiBlock, ApiJsonObject, ToolResultContentBlock } from '../engine/message/message';
import type { CallTimeoutInfo, TimeoutSource, ToolLogLevel, ToolResultStatus } from '../engine/tool/tool';
import type { RecordedRequest } from '../engine/model/sent-request';
import type { EditRecord, PauseDigest } from '../engine/debug/debug-event';
import type { ApprovalScope, PauseDecision, PauseReason } from '../engine/debug/pause-point';

/** A pause the loop took (or is in): where, why, and — once answered — how it went on. */
export interface PauseMark {
  pauseId: string;
  pause: PauseDigest;
  reasons: PauseReason[];
  decision?: PauseDecision['type'];
  /** How far an approval answer reached beyond its call (absent: this call only). */
  remember?: ApprovalScope;
}

/**
 * `pending`: the model is still writing (or has written) the call; `queued`: waiting for a concurrency slot;
 * `dropped`: cut by a cancel mid-stream.
 */
export type ToolCallStatus = 'pending' | 'queued' | 'running' | 'dropped' | ToolResultStatus;

/** A loop policy that acted in a round (shown as a badge). */
export interface PolicyActView {
  policy: PolicyName;
  detail: string;
  callId?: string;
}

/** One block of the assistant's reply, keyed by the reply's content index. */
export type AssistantBlockView =
  /** `citations`: the API's sources for the text, as it sent them (shown as links, https only). */
  | { kind: 'text'; index: number; text: string; citations?: ApiJsonObject[] }
  /** A block of the API's own (server tool call or result, MCP connector, compaction, unknown type), as sent. */
  | { kind: 'api'; index: number; block: ApiBlock['block'] }
  | { kind: 'thinking'; index: number; text: string }
  /** Encrypted thinking: only its size is shown; the message keeps the data. */
  | { kind: 'redacted_thinking'; index: number; characters: number }
  | { kind: 'tool_use'; index: number; callId: string; name: string };

/** One log message of a call, as the server sent it (level and text; `at` in ms since the epoch). */
export interface CallLogEntry {
  at: number;
  level: ToolLogLevel;
  message: string;
}

export interface ToolCallView {
  callId: string;
  name: string;
  status: ToolCallStatus;
  /** The streamed JSON as the model wrote it so far. */
  partialJson: string;
  /** The parsed input, once the reply (or the call start) carries it. */
  input?: Record<string, unknown>;
  /** The id of the code-execution call whose code made this call (programmatic tool calling); absent: the model did. */
  callerId?: string;
  isError: boolean;
  content: ToolResultContentBlock[];
  queuedAt?: number;
  startedAt?: number;
  endedAt?: number;
  durationMs?: number;
  /** Edits a person made at a pause (input, result, a result given by hand). */
  edits?: EditRecord[];
  /** The latest progress notification (kept after the call ends, so the last word stays readable). */
  progress?: { progress: number; total?: number; message?: string; task?: ToolTaskState };
  /** How many progress notifications the call sent. */
  progressCount?: number;
  /** The log messages the server sent while this call ran (MCP `notifications/message`), in order. */
  logs?: CallLogEntry[];
  /** Started while the reply was still streaming. */
  eager?: boolean;
  /** The streamed JSON was repaired leniently. */
  repaired?: boolean;
  /** For failures: whether retrying could help. */
  retryable?: boolean;
  /** The whole result when the model got a cut one (status `truncated`). */
  fullContent?: ToolResultContentBlock[];
  /** The idle timeout the call ran under and where it came from (tool, server or run). */
  timeout?: { ms: number; source: TimeoutSource };
  /** Status `timeout`: which bound stopped it. */
  timedOut?: CallTimeoutInfo;
  /** The server's `structuredContent`, for the call's MCP App (dropped when a person edits the result). */
  structuredContent?: Record<string, unknown>;
}

/** A call an MCP App made, shown under its app (never part of the model's history). */
export interface AppCallView {
  callId: string;
  /** The model's call whose app made it. */
  appOf: string;
  /** The exposed name (breakpoints, approvals) and the server's own. */
  name: string;
  toolName: string;
  input: Record<string, unknown>;
  /** `running` until it ends (held at a pause meanwhile, when the debugger holds it). */
  status: 'running' | ToolResultStatus;
  isError: boolean;
  content: ToolResultContentBlock[];
  structuredContent?: Record<string, unknown>;
  startedAt: number;
  endedAt?: number;
  edits?: EditRecord[];
  /** The latest progress notification (kept after the call ends) and how many came. */
  progress?: NonNullable<ToolCallView['progress']>;
  progressCount?: number;
  /** The log messages its server sent while it ran, in order. */
  logs?: CallLogEntry[];
}

export interface RoundView {
  round: number;
  startedAt?: number;
  endedAt?: number;
  request?: RequestDigest;
  /** The exact HTTP request of this round (no key), history compacted against the previous round's. */
  sent?: RecordedRequest;
  model?: string;
  responseId?: string;
  blocks: AssistantBlockView[];
  stopReason?: StopReason | null;
  usage?: Usage;
  /** The context-management edits the API applied to this round's request (what it cleared, tokens saved). */
  contextManagement?: ApiJsonObject;
  /** The API's code execution container the reply ran in (`id`, `expires_at`), as sent. */
  container?: ApiJsonObject;
  responseTiming?: { startedAt: number; firstTokenAt?: number; endedAt: number };
  interrupted: boolean;
  /**
   * How the run ended, set when it ended while this round's reply was missing or incomplete (no stop reason,
   * or cut off): the card shows that instead of "streaming". Absent while the run goes on.
   */
  endedWith?: FinishReason;
  /** Edits of this round's request made at its pause. */
  edits?: EditRecord[];
  /** Pauses taken in this round, in order (breakpoint hits show where they happened). */
  pauses?: PauseMark[];
  toolCalls: ToolCallView[];
  /** Provider remarks on the reply (e.g. why a prompted-track reply was taken as text). */
  notices?: string[];
  /** Loop policies that acted in this round, in order. */
  policyActs?: PolicyActView[];
  /** Calls the MCP Apps of this round's calls made, in the order they arrived. */
  appCalls?: AppCallView[];
}

export type RunPhase = 'idle' | 'running' | 'ended';

export interface RunView {
  runId: string | null;
  phase: RunPhase;
  startedAt?: number;
  endedAt?: number;
  system?: string;
  /** The person's message that started the run (its text), shown first in the timeline. */
  prompt?: string;
  toolNames: string[];
  maxRounds?: number;
  /** The price the run recorded at its start (an imported run: the transcript's); costs are shown with it. */
  price?: ModelPrice;
  rounds: RoundView[];
  limit?: { kind: LimitKind; value: number; behaviour?: AtLimitBehaviour; detail?: string };
  finishReason: FinishReason | null;
  error?: RunErrorInfo;
  usage: Usage;
  /** The pause the loop is holding at now, if any. */
  pause?: PauseMark & { at: number };
  /** Time spent held at pauses that have ended (ms): the run's clock leaves it out. */
  pausedMs?: number;
  /** Before the run starts: the servers it waits for (still connecting), so their tools are sent. */
  waitingFor?: string[];
}

export const EMPTY_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

/** The state before any run. */
export const initialRunView: RunView = {
  runId: null,
  phase: 'idle',
  toolNames: [],
  rounds: [],
  finishReason: null,
  usage: EMPTY_USAGE,
};
