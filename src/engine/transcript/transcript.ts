// The transcript file format, version 3 (docs/transcript-format.md, docs/transcript.schema.json). Pure types.
import type { CallTiming, FinishReason, RequestDigest, RunErrorInfo, RunEvent } from '../event/run-event';
import type { ApiJsonObject, ContentBlock, Message, ToolResultContentBlock } from '../message/message';
import type { StopReason, ToolDefinition, Usage } from '../model/model';
import type { ModelCapabilities, ModelPrice } from '../model/model-capabilities';
import type { CallTimeoutInfo, TimeoutSource, ToolLogLevel, ToolResultStatus, ToolTaskState } from '../tool/tool';
import type { LimitKind, PolicyName } from '../event/run-event';
import type { AtLimitBehaviour } from '../../shared/loop-policies';
import type { RecordedRequest } from '../model/sent-request';
import type { LoopPolicies } from '../../shared/loop-policies';
import type { PauseDigest } from '../debug/debug-event';
import type { ApprovalScope, PauseDecision, PauseReason } from '../debug/pause-point';

export const TRANSCRIPT_FORMAT = 'loupe-transcript';
export const TRANSCRIPT_VERSION = 3;

/** Run settings as recorded: never the API key, headers or any other secret. */
export interface TranscriptSettings {
  provider: string;
  model: string;
  baseUrl?: string;
  maxRounds: number;
  maxTokens: number;
  temperature?: number;
  /** The model's capabilities as configured for the run (tool track, vision, thinking, context window). */
  capabilities?: ModelCapabilities;
  /** The price used to show this run's cost (USD per million tokens); absent when the model had none. */
  price?: ModelPrice;
  /** The loop policies the run used, defaults filled in (absent in transcripts made before policies existed). */
  policies?: LoopPolicies;
}

/** A connected MCP server as recorded (name and URL with its secrets redacted; never headers). */
export interface TranscriptServer {
  name: string;
  url: string;
  instructionsIncluded: boolean;
}

export interface TranscriptToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  status: ToolResultStatus;
  isError: boolean;
  content: ToolResultContentBlock[];
  timing: CallTiming & { durationMs: number };
  /** Edits a person made (from the debugger); empty when none. */
  edits: { what: string; before: unknown; after: unknown }[];
  /** The idle timeout the call ran under and where it came from (absent in older transcripts). */
  timeout?: { ms: number; source: TimeoutSource };
  /** Status `timeout`: which bound stopped the call (absent in older transcripts). */
  timedOut?: CallTimeoutInfo;
  /** Every progress notification of the call, in order (version 2; absent when there was none). */
  progress?: TranscriptProgress[];
  /** The log messages the server sent while the call ran, in order (version 2; absent when none). */
  logs?: TranscriptLog[];
  /** The server's `structuredContent` (what an MCP App reads; the model reads `content`), when it sent one. */
  structuredContent?: Record<string, unknown>;
}

/**
 * A `tools/call` an MCP App made from the app of the model's call `appOf` (version 2, optional): run through
 * the same debugger as a model's call, never part of `messages`. `input` is what it ran with (after edits).
 */
export interface TranscriptAppCall {
  id: string;
  appOf: string;
  /** The tool's exposed name (as breakpoints and approvals name it). */
  name: string;
  /** The server's own name of the tool. */
  toolName: string;
  input: Record<string, unknown>;
  status: ToolResultStatus;
  isError: boolean;
  content: ToolResultContentBlock[];
  structuredContent?: Record<string, unknown>;
  timing: CallTiming & { durationMs: number };
  edits: { what: string; before: unknown; after: unknown }[];
  /** Every progress notification of the call, in order (absent when there was none). */
  progress?: TranscriptProgress[];
  /** The log messages the server sent while the call ran, in order (absent when none). */
  logs?: TranscriptLog[];
}

/** One progress notification of a call (`at` in ms since the epoch). */
export interface TranscriptProgress {
  at: number;
  progress: number;
  total?: number;
  message?: string;
  /** Set when the call ran as an MCP task: its id, status and status message at this step. */
  task?: ToolTaskState;
}

/** One log message of a call (MCP `notifications/message`), capped at 200 per call and 2,000 characters each. */
export interface TranscriptLog {
  at: number;
  level: ToolLogLevel;
  message: string;
}

/** What a loop policy did in a round (truncation, retries, loop detection …), in plain words. */
export interface TranscriptPolicyAct {
  at: number;
  policy: PolicyName;
  detail: string;
  callId?: string;
}

/** A limit the run reached, and what the loop did then. */
export interface TranscriptLimit {
  at: number;
  limit: LimitKind;
  value: number;
  behaviour?: AtLimitBehaviour;
  detail?: string;
}

export interface TranscriptRound {
  round: number;
  request: RequestDigest;
  response: {
    content: ContentBlock[];
    stopReason: StopReason | null;
    usage: Usage;
    interrupted: boolean;
    timing: { startedAt: number; endedAt: number; durationMs: number; timeToFirstTokenMs?: number };
    /** The context-management edits the API applied to this round's request, as it reported them (version 2, optional). */
    contextManagement?: ApiJsonObject;
    /** The API's code execution container the reply ran in (`id`, `expires_at`), as sent. */
    container?: ApiJsonObject;
    /** The provider's id of the response (`msg_…`, `chatcmpl-…`), when it gave one (version 2, optional). */
    id?: string;
  } | null;
  toolCalls: TranscriptToolCall[];
  /**
   * The exact HTTP request of this round (no key; URL secrets redacted), its `messages` kept as a delta on
   * the previous round's (`RecordedRequest.history`). Absent for the demo and manual models, replays, and
   * transcripts written before it existed.
   */
  sent?: RecordedRequest;
  /** Edits of this round's request a person made at its pause (system, messages, tools, parameters). */
  edits?: { what: string; before: unknown; after: unknown }[];
  /** Notices shown on the round (e.g. a provider's note on what it could not send), version 2. */
  notices?: { at: number; message: string }[];
  /** What the loop policies did in this round, version 2. */
  policyActs?: TranscriptPolicyAct[];
  /**
   * The tool list changed before this round (tools/list_changed): the definitions this round and the next
   * send, version 2. Rounds without it send the list of the round before (round 1: the top-level `tools`).
   */
  toolsUpdate?: { at: number; tools: ToolDefinition[] };
  /**
   * Compactions made after this round, before the next request (ENGINE-SPEC rule 28): from then on requests sent
   * `made.prefix` in place of the first `made.keptFrom` messages of `messages` (which stay whole).
   */
  compactions?: TranscriptCompaction[];
  /** Calls the MCP Apps of this round's tool calls made, in the order they arrived (version 2; absent when none). */
  appCalls?: TranscriptAppCall[];
  /** Where the debugger held the loop in this round, in order (version 3; absent when it never did). */
  pauses?: TranscriptPause[];
}

/**
 * One pause of the debugger (version 3): where (`pause`: the point, its call and input), what held it (`reasons`:
 * a step, a breakpoint with its label, an approval), and how the person went on (`decision`; for an approval,
 * `remember` says how far the answer reached: absent = this call only, `session`, `always`). A pause still held
 * when the file was written has no `decision` or `endedAt`. Edits made at it are the round's and calls' `edits`.
 */
export interface TranscriptPause {
  pauseId: string;
  at: number;
  endedAt?: number;
  pause: PauseDigest;
  reasons: PauseReason[];
  decision?: PauseDecision['type'];
  remember?: ApprovalScope;
}

/** One compaction as the transcript records it (the `history-compact` event without its type and round). */
export interface TranscriptCompaction {
  at: number;
  made: Omit<Extract<RunEvent, { type: 'history-compact' }>, 'type' | 'at' | 'round'>;
}

/** Another branch of the same run family: a fork, or the run a fork came from (ENGINE-SPEC rule 24). */
export interface TranscriptBranch {
  runId: string;
  name: string;
  /** The run it was forked from; null for the original run. */
  parentRunId: string | null;
  /** The round of the parent it was forked at (it re-asks that round's request); null for the original. */
  forkRound: number | null;
  messages: Message[];
  rounds: TranscriptRound[];
  finishReason: FinishReason | null;
  usage: Usage;
}

export interface Transcript {
  format: typeof TRANSCRIPT_FORMAT;
  version: typeof TRANSCRIPT_VERSION;
  createdAt: string;
  app: { name: string; version: string };
  runId: string;
  system?: string;
  tools: ToolDefinition[];
  settings: TranscriptSettings;
  servers: TranscriptServer[];
  messages: Message[];
  rounds: TranscriptRound[];
  finishReason: FinishReason | null;
  usage: Usage;
  error?: RunErrorInfo;
  /** The limits the run reached, in order (version 2). */
  limits?: TranscriptLimit[];
  /**
   * Where this run sits in its family, when it was forked (version 2): its own branch name, the run it was
   * forked from and at which round. Absent for a run that was never forked.
   */
  branch?: { name: string; parentRunId: string | null; forkRound: number | null };
  /** The other branches of this run's family, when it was forked. */
  branches?: TranscriptBranch[];
}
