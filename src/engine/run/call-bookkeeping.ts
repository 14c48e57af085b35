// Pure: what every tool call logs around its run — `tool-call-start`, the run under its deadline, `tool-call-end`.
import type { RunEvent } from '../event/run-event';
import type { ToolResultContentBlock } from '../message/message';
import type { Tool } from '../tool/tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import { toErrorContent, type ToolCallOutcome } from './build-tool-result';
import type { AbortSource } from './cancel-scope';
import type { RunEnvironment } from './run-options';
import { callTimeoutOf, runWithDeadline, type RunWithDeadlineOptions, type SettledCall } from './run-with-deadline';

/** The round a call belongs to, as its bookkeeping needs it. */
export interface CallRound {
  round: number;
  emit: (event: RunEvent) => void;
  environment: RunEnvironment;
  /** Used when a tool sets no `timeoutMs`. */
  timeoutMs: number;
  /** The most one call may take in all (`LoopPolicies.toolMaxTotalMs`). */
  maxTotalMs?: number;
}

/** How a call is started: when it was queued, whether it started early, where its progress goes. */
export interface CallStart {
  /** Default: the moment it starts (a call that never waited). */
  queuedAt?: number;
  eager?: boolean;
  onProgress?: RunWithDeadlineOptions['onProgress'];
  /** The server's log messages during the call (capped by the caller). */
  onLog?: RunWithDeadlineOptions['onLog'];
}

/** A call under way: when it started, and how it settles (never rejects). */
export interface StartedCall {
  startedAt: number;
  settled: Promise<SettledCall>;
}

/**
 * Logs `tool-call-start` (with the timeout that applies and where it comes from) and runs `tool` with
 * `input` under its deadline; returns at once with when it started and the promise of how it settles.
 */
export function runCall(
  context: CallRound,
  call: PlannedToolCall,
  tool: Tool,
  input: Record<string, unknown>,
  signal: AbortSource,
  start: CallStart,
): StartedCall {
  const { environment } = context;
  const startedAt = environment.now();
  const timeout = callTimeoutOf(tool, context.timeoutMs);
  // Optional fields set when present rather than spread from a literal: this runs for every call.
  const event: Extract<RunEvent, { type: 'tool-call-start' }> = {
    type: 'tool-call-start',
    at: startedAt,
    round: context.round,
    callId: call.callId,
    name: call.name,
    input,
    queuedAt: start.queuedAt ?? startedAt,
  };
  if (start.eager === true) event.eager = true;
  if (call.repaired === true) event.repaired = true;
  event.timeout = timeout;
  context.emit(event);
  const options: RunWithDeadlineOptions = {
    tool,
    input,
    signal,
    timeoutMs: timeout.ms,
    timeoutSource: timeout.source,
    environment,
    // The same moment as the event's: one clock read per call start, not two.
    startedAt,
    callId: call.callId,
  };
  if (context.maxTotalMs !== undefined) options.maxTotalMs = context.maxTotalMs;
  if (start.onProgress !== undefined) options.onProgress = start.onProgress;
  if (start.onLog !== undefined) options.onLog = start.onLog;
  return { startedAt, settled: runWithDeadline(options) };
}

/**
 * Logs `tool-call-end` for a call that settled (error content reduced to what an error result may carry;
 * `full` is the untruncated result the trace keeps) and returns its outcome as the round commits it.
 */
export function endCall(
  context: CallRound,
  call: Pick<PlannedToolCall, 'callId' | 'name'>,
  settled: SettledCall,
  queuedAt: number,
  startedAt: number | undefined,
  full?: ToolResultContentBlock[],
): ToolCallOutcome {
  const isError = settled.status !== 'ok';
  const content = isError ? toErrorContent(settled.content) : settled.content;
  const endedAt = context.environment.now();
  const event: Extract<RunEvent, { type: 'tool-call-end' }> = {
    type: 'tool-call-end',
    at: endedAt,
    round: context.round,
    callId: call.callId,
    name: call.name,
    status: settled.status,
    isError,
    content,
    timing: startedAt === undefined ? { queuedAt, endedAt } : { queuedAt, startedAt, endedAt },
  };
  // In this order (the event's JSON keeps it); set when present rather than spread from a literal each call.
  if (settled.retryable !== undefined) event.retryable = settled.retryable;
  if (full !== undefined) event.fullContent = full;
  if (settled.timeout !== undefined) event.timeout = settled.timeout;
  if (settled.structured !== undefined) event.structuredContent = settled.structured;
  context.emit(event);
  const outcome: ToolCallOutcome = { callId: call.callId, name: call.name, status: settled.status, content };
  if (settled.retryable !== undefined) outcome.retryable = settled.retryable;
  return outcome;
}
