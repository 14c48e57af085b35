// The engine's events: the source of truth for UI state, transcript and replay. Pure types.
// Events are deltas: no event carries the whole history; the history is the fold of
// `run-start.messages`, each `response-end.message` and each `tool-results-commit.message`.
import type { ApiJsonObject, Message, ToolResultContentBlock } from '../message/message';
import type { RequestDigest } from './request-digest';
import type { StopReason, ToolDefinition, Usage } from '../model/model';
import type { CallTimeoutInfo, TimeoutSource, ToolLogLevel, ToolResultStatus, ToolTaskState } from '../tool/tool';
import type { AtLimitBehaviour, CompactionMode } from '../../shared/loop-policies';
import type { DebugEvent } from '../debug/debug-event';
import type { AppCallEvent } from './app-call-event';
import type { RecordedRequest } from '../model/sent-request';
import type { ModelPrice } from '../model/model-capabilities';
import type { CompactionFigures, CompactionTrigger } from '../compaction/compaction-figures';

export type { CompactionTrigger };

/** How a run ended. Model stop reasons pass through; limits are `limit:<kind>`. */
export type FinishReason =
  | 'end_turn'
  | 'stop_sequence'
  | 'refusal'
  | 'max_tokens'
  | `limit:${LimitKind}`
  /** A tool marked direct-output answered; its result is the answer (ENGINE-SPEC rule 19). */
  | 'direct-output'
  | 'aborted'
  | 'error';

/** Which budget was reached (`loop`: the loop guard saw the same call or error repeated). */
export type LimitKind = 'rounds' | 'tool-calls' | 'wall-time' | 'tokens' | 'cost' | 'loop';

/** A loop policy that acted (shown as a badge in the round and recorded in the transcript). */
export type PolicyName =
  | 'json-repair'
  | 'name-resolution'
  | 'retry-budget'
  | 'tool-withheld'
  | 'duplicate'
  | 'tool-call-cap'
  | 'eager-start'
  | 'sequential-fallback'
  /** Whether a failed call runs again (read-only, once) or not (it may have had effects), said on the call. */
  | 'call-retry'
  | 'truncate'
  | 'direct-output'
  | 'final-answer'
  | 'fallback-brief'
  | 'tools-refresh'
  /** The history was compacted before a follow-up request, or a compaction failed and left it unchanged. */
  | 'compaction';

export type { RequestDigest } from './request-digest';

export interface CallTiming {
  queuedAt: number;
  startedAt?: number;
  endedAt: number;
}

export interface RunErrorInfo {
  message: string;
  status?: number;
  errorType?: string;
}

export type RunEvent =
  | {
      type: 'run-start';
      at: number;
      runId: string;
      system?: string;
      /** Tool definitions as sent to the model. */
      tools: ToolDefinition[];
      /** The history the run starts from (the new user message last). */
      messages: Message[];
      maxRounds: number;
      /** The price the run's cost is counted at (USD per million tokens), as recorded; absent when unpriced. */
      price?: ModelPrice;
    }
  | { type: 'round-start'; at: number; round: number; request: RequestDigest }
  /** The exact HTTP request of this round's model call (no key; history compacted: `RecordedRequest`). */
  | { type: 'request-sent'; at: number; round: number; request: RecordedRequest }
  | { type: 'response-start'; at: number; round: number; responseId?: string; model?: string }
  | { type: 'text-delta'; round: number; index: number; text: string }
  /** Extended thinking as it streams; the whole block (with its signature) is in `response-end.message`. */
  | { type: 'thinking-delta'; round: number; index: number; thinking: string }
  /** A provider's remark on this round's reply, shown in the round card (e.g. why a reply was not a tool call). */
  | { type: 'notice'; at: number; round: number; message: string }
  | { type: 'tool-input-start'; round: number; index: number; callId: string; name: string }
  | { type: 'tool-input-delta'; round: number; index: number; callId: string; partialJson: string }
  | {
      type: 'response-end';
      at: number;
      round: number;
      /** The assistant message as committed to history (complete blocks only). */
      message: Message;
      stopReason: StopReason | null;
      usage: Usage;
      timing: { startedAt: number; firstTokenAt?: number; endedAt: number };
      /** True when the reply was cut by a cancel; incomplete tool_use blocks were dropped. */
      interrupted?: boolean;
      /** The context-management edits the API applied to this round's request (what was cleared, tokens saved). */
      contextManagement?: ApiJsonObject;
      /** The API's code execution container this reply ran in (`id`, `expires_at`), as the API sent it. */
      container?: ApiJsonObject;
    }
  | {
      type: 'tool-call-start';
      at: number;
      round: number;
      callId: string;
      name: string;
      input: Record<string, unknown>;
      queuedAt: number;
      /** Started while the reply was still streaming (ENGINE-SPEC rule 11). */
      eager?: boolean;
      /** The streamed JSON was malformed and was repaired leniently (ENGINE-SPEC rule 14). */
      repaired?: boolean;
      /** The idle timeout the call runs under and which setting it came from (tool, server or run). */
      timeout?: { ms: number; source: TimeoutSource };
    }
  /** A call waiting for a concurrency slot (ENGINE-SPEC rule 10); `tool-call-start` follows when it runs. */
  | { type: 'tool-call-queued'; at: number; round: number; callId: string; name: string }
  /** An MCP progress notification of a running call; it also pushed the call's timeout back. */
  | {
      type: 'tool-call-progress';
      at: number;
      round: number;
      callId: string;
      progress: number;
      total?: number;
      message?: string;
      /** Set when the call runs as an MCP task: its status then (a change of it is progress too). */
      task?: ToolTaskState;
    }
  /** A log message the server sent while this call ran (MCP `notifications/message`); capped per call. */
  | { type: 'tool-call-log'; at: number; round: number; callId: string; level: ToolLogLevel; message: string }
  | {
      type: 'tool-call-end';
      at: number;
      round: number;
      callId: string;
      name: string;
      status: ToolResultStatus;
      isError: boolean;
      content: ToolResultContentBlock[];
      timing: CallTiming;
      /** Whether retrying could help, decided from structured error codes (errors only). */
      retryable?: boolean;
      /** The whole result when `content` was cut for the model (status `truncated`); kept for the trace. */
      fullContent?: ToolResultContentBlock[];
      /** Status `timeout`: which bound stopped the call (idle timeout and its source, max total, wall time). */
      timeout?: CallTimeoutInfo;
      /** The server's `structuredContent` (bounded), for an MCP App; the model reads `content` only. */
      structuredContent?: Record<string, unknown>;
    }
  /** The user message of tool results, in the model's order, as committed to history. */
  | { type: 'tool-results-commit'; at: number; round: number; message: Message }
  | { type: 'round-end'; at: number; round: number }
  | {
      type: 'limit-reached';
      at: number;
      limit: LimitKind;
      value: number;
      /** What the loop does now (absent in runs recorded before policies existed: `stop`). */
      behaviour?: AtLimitBehaviour;
      /** The limit in plain words, e.g. "5 tool calls" or "the same call 3 times: weather {…}". */
      detail?: string;
    }
  /** A loop policy acted: what it did, in plain words; `callId` when it concerned one call. */
  | { type: 'policy-act'; at: number; round: number; policy: PolicyName; detail: string; callId?: string }
  /**
   * The history was compacted before the request after `round` (ENGINE-SPEC rule 28). From here on requests
   * send `prefix` in place of the full history's first `keptFrom` messages (`foldSentHistory`); the full
   * history (`foldHistory`) is unchanged. Tokens are estimates of the whole request (system, tools, history).
   */
  | ({
      type: 'history-compact';
      at: number;
      round: number;
      mode: Exclude<CompactionMode, 'off'>;
      trigger: CompactionTrigger;
      prefix: Message[];
      keptFrom: number;
    } & CompactionFigures)
  /** The tool catalogue changed between rounds (tools/list_changed); `tools` as the next request sends them. */
  | { type: 'tools-update'; at: number; round: number; tools: ToolDefinition[] }
  | { type: 'run-end'; at: number; finishReason: FinishReason; usage: Usage; error?: RunErrorInfo }
  /** Debugger pauses and edits (`pause-start`, `pause-end`, `edit-apply`). */
  | DebugEvent
  /** Calls an MCP App made (`app-call-start`, `app-call-end`); they never enter the history. */
  | AppCallEvent;

export type RunEventType = RunEvent['type'];
