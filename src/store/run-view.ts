// The view model of one run, folded from engine events by `applyRunEvent`. Types and the empty value only.
import type { FinishReason, LimitKind, RequestDigest, RunErrorInfo } from '../engine/event/run-event';
import type { StopReason, Usage } from '../engine/model/model';
import type { ToolResultContentBlock } from '../engine/message/message';
import type { ToolResultStatus } from '../engine/tool/tool';

/** `pending`: the model is still writing (or has written) the call; `dropped`: cut by a cancel mid-stream. */
export type ToolCallStatus = 'pending' | 'running' | 'dropped' | ToolResultStatus;

/** One block of the assistant's reply, keyed by the reply's content index. */
export type AssistantBlockView =
  | { kind: 'text'; index: number; text: string }
  | { kind: 'thinking'; index: number; text: string }
  | { kind: 'tool_use'; index: number; callId: string; name: string };

export interface ToolCallView {
  callId: string;
  name: string;
  status: ToolCallStatus;
  /** The streamed JSON as the model wrote it so far. */
  partialJson: string;
  /** The parsed input, once the reply (or the call start) carries it. */
  input?: Record<string, unknown>;
  isError: boolean;
  content: ToolResultContentBlock[];
  queuedAt?: number;
  startedAt?: number;
  endedAt?: number;
  durationMs?: number;
}

export interface RoundView {
  round: number;
  startedAt?: number;
  endedAt?: number;
  request?: RequestDigest;
  model?: string;
  responseId?: string;
  blocks: AssistantBlockView[];
  stopReason?: StopReason | null;
  usage?: Usage;
  responseTiming?: { startedAt: number; firstTokenAt?: number; endedAt: number };
  interrupted: boolean;
  toolCalls: ToolCallView[];
}

export type RunPhase = 'idle' | 'running' | 'ended';

export interface RunView {
  runId: string | null;
  phase: RunPhase;
  startedAt?: number;
  endedAt?: number;
  system?: string;
  toolNames: string[];
  maxRounds?: number;
  rounds: RoundView[];
  limit?: { kind: LimitKind; value: number };
  finishReason: FinishReason | null;
  error?: RunErrorInfo;
  usage: Usage;
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
