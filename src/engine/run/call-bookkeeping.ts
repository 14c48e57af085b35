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

/**
 * Logs `tool-call-start` (with the timeout that applies and where it comes from) and runs `tool` with
 * `input` under its deadline; resolves with how it settled and when it started. Never rejects.
 */
export async function runCall(
  context: CallRound,
  call: PlannedToolCall,
  tool: Tool,
  input: Record<string, unknown>,
  signal: AbortSource,
  start: CallStart,
): Promise<{ settled: SettledCall; startedAt: number }> {
  const { environment } = context;
  const startedAt = environment.now();
  const timeout = callTimeoutOf(tool, context.timeoutMs);
  context.emit({
    type: 'tool-call-start',
    at: startedAt,
    round: context.round,
    callId: call.callId,
    name: call.name,
    input,
    queuedAt: start.queuedAt ?? startedAt,
    ...(start.eager === true ? { eager: true } : {}),
    ...(call.repaired === true ? { repaired: true } : {}),
    timeout,
  });
  const settled = await runWithDeadline({
    tool,
    input,
    signal,
    timeoutMs: timeout.ms,
    timeoutSource: timeout.source,
    ...(context.maxTotalMs === undefined ? {} : { maxTotalMs: context.maxTotalMs }),
    environment,
    ...(start.onProgress === undefined ? {} : { onProgress: start.onProgress }),
    ...(start.onLog === undefined ? {} : { onLog: start.onLog }),
  });
  return { settled, startedAt };
}

/**
 * Logs `tool-call-end` for a call that settled (error content reduced to what an error result may carry;
 * `full` is the untruncated result the trace keeps) and returns its outcome as the round commits it.
 */
export function endCall(
  context: CallRound,
  call: Pick<PlannedToolCall, 'callId' | 'name'>,
  settled: SettledCall,
  timing: { queuedAt: number; startedAt?: number },
  full?: ToolResultContentBlock[],
): ToolCallOutcome {
  const isError = settled.status !== 'ok';
  const content = isError ? toErrorContent(settled.content) : settled.content;
  context.emit({
    type: 'tool-call-end',
    at: context.environment.now(),
    round: context.round,
    callId: call.callId,
    name: call.name,
    status: settled.status,
    isError,
    content,
    timing: { ...timing, endedAt: context.environment.now() },
    ...(settled.retryable === undefined ? {} : { retryable: settled.retryable }),
    ...(full === undefined ? {} : { fullContent: full }),
    ...(settled.timeout === undefined ? {} : { timeout: settled.timeout }),
    ...(settled.structured === undefined ? {} : { structuredContent: settled.structured }),
  });
  return {
    callId: call.callId,
    name: call.name,
    status: settled.status,
    content,
    ...(settled.retryable === undefined ? {} : { retryable: settled.retryable }),
  };
}
