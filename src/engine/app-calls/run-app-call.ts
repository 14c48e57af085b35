// Pure: one `tools/call` an MCP App made, through the same debugger and deadline as a model's call, logged
// as `app-call-start`/`app-call-end` in the round of the call that opened the app. Never in the history. No I/O.
import type { DebugSession } from '../debug/create-debug-session';
import type { RunEvent } from '../event/run-event';
import type { ToolResultContentBlock } from '../message/message';
import type { ToolCallOutcome } from '../run/build-tool-result';
import { toErrorContent } from '../run/build-tool-result';
import type { RunEnvironment } from '../run/run-options';
import { capCallLogs } from '../run/cap-call-logs';
import { runWithDeadline } from '../run/run-with-deadline';
import type { Tool, ToolResultStatus } from '../tool/tool';

/** Result text of an app's call that a Stop (or a Stop at its pause) kept from running. */
export const APP_CALL_STOPPED_TEXT = 'Not executed: the run was stopped.';

/** Where an app's call belongs and what it asks for. */
export interface AppCallRequest {
  /** The round of the model's call that opened the app. */
  round: number;
  callId: string;
  /** The model's call whose app made this one. */
  appOf: string;
  /** The server's own name of the tool (the app names it so). */
  toolName: string;
  input: Record<string, unknown>;
}

/** What running an app's call needs: the tool (named as exposed), the run's debug session and effects. */
export interface AppCallContext {
  tool: Tool;
  debug: DebugSession;
  signal: AbortSignal;
  environment: RunEnvironment;
  emit: (event: RunEvent) => void;
  /** The idle timeout when the tool sets none. */
  timeoutMs: number;
  /** The most the call may take in all. */
  maxTotalMs?: number;
  /** Checks an input against the tool's schema; a plain-words problem or undefined. */
  validate?: (input: Record<string, unknown>) => string | undefined;
}

/** How an app's call ended: what the app is answered with. */
export interface AppCallOutcome {
  status: ToolResultStatus;
  isError: boolean;
  content: ToolResultContentBlock[];
  /** The tool's structured output, unless a person changed the result (then the content is the truth). */
  structured?: Record<string, unknown>;
  /** A person edited the input, gave the result by hand or edited it. */
  edited: boolean;
}

const text = (value: string): ToolResultContentBlock => ({ type: 'text', text: value });

/** Logs an app's call that is refused before any pause (a tool not for apps, a cap, a stopped run). */
export function refuseAppCall(
  request: AppCallRequest & { name: string },
  why: string,
  context: Pick<AppCallContext, 'environment' | 'emit'>,
  status: ToolResultStatus = 'denied',
): AppCallOutcome {
  const at = context.environment.now();
  const { round, callId, appOf, name, toolName, input } = request;
  context.emit({ type: 'app-call-start', at, round, callId, appOf, name, toolName, input });
  const content = [text(why)];
  const timing = { queuedAt: at, endedAt: at };
  context.emit({ type: 'app-call-end', at, round, callId, appOf, status, isError: true, content, timing });
  return { status, isError: true, content, edited: false };
}

/**
 * Runs an app's call as the loop runs a model's (ENGINE-SPEC §7 for apps): `app-call-start`, the
 * `before-tool` point (breakpoints, step mode, approval; edit input, skip, deny, stop), the call under its
 * deadline (its progress as `app-call-progress`, its server's log as `app-call-log`, capped like a model's
 * call's), the `after-tool` point (edit result), `app-call-end`. Pauses carry `appOf`. Never rejects.
 */
export async function runAppCall(request: AppCallRequest, context: AppCallContext): Promise<AppCallOutcome> {
  const { environment, emit, tool, debug, signal } = context;
  const { round, callId, appOf, toolName } = request;
  const queuedAt = environment.now();
  emit({ type: 'app-call-start', at: queuedAt, round, callId, appOf, name: tool.name, toolName, input: request.input });
  const inputError = context.validate?.(request.input);
  const planned = {
    callId,
    name: tool.name,
    input: request.input,
    ...(inputError === undefined ? {} : { inputError }),
  };
  const verdict = await debug.beforeTool(round, planned, tool, appOf);
  let edited = verdict.kind === 'run' ? verdict.input !== request.input : verdict.kind === 'answer';
  let startedAt: number | undefined;
  let settled: { status: ToolResultStatus; content: ToolResultContentBlock[]; structured?: Record<string, unknown> };
  let input = request.input;
  if (verdict.kind === 'stopped' || signal.aborted) {
    settled = { status: 'not-executed', content: [text(APP_CALL_STOPPED_TEXT)] };
  } else if (verdict.kind === 'answer') {
    settled = { status: verdict.status, content: verdict.content };
  } else if (verdict.inputError !== undefined) {
    input = verdict.input;
    settled = { status: 'invalid-input', content: [text(verdict.inputError)] };
  } else {
    input = verdict.input;
    startedAt = environment.now();
    const ran = await runWithDeadline({
      tool,
      input,
      signal,
      timeoutMs: tool.timeoutMs ?? context.timeoutMs,
      ...(tool.timeoutSource === undefined ? {} : { timeoutSource: tool.timeoutSource }),
      ...(context.maxTotalMs === undefined ? {} : { maxTotalMs: context.maxTotalMs }),
      environment,
      onProgress: (progress) =>
        emit({ type: 'app-call-progress', at: environment.now(), round, callId, appOf, ...progress }),
      onLog: capCallLogs((level, message) =>
        emit({ type: 'app-call-log', at: environment.now(), round, callId, appOf, level, message }),
      ),
    });
    settled = ran;
  }
  const outcome: ToolCallOutcome = { callId, name: tool.name, status: settled.status, content: settled.content };
  // As in the loop: a call answered at its before-tool point (skip, deny, stop) has no after-tool point.
  const answered = verdict.kind !== 'run' || signal.aborted;
  const after = answered ? outcome : await debug.afterTool(round, input, outcome, appOf);
  if (after !== outcome) edited = true;
  const isError = after.status !== 'ok';
  const content = isError ? toErrorContent(after.content) : after.content;
  const structured = edited ? undefined : settled.structured;
  emit({
    type: 'app-call-end',
    at: environment.now(),
    round,
    callId,
    appOf,
    status: after.status,
    isError,
    content,
    ...(structured === undefined ? {} : { structuredContent: structured }),
    timing: { queuedAt, ...(startedAt === undefined ? {} : { startedAt }), endedAt: environment.now() },
  });
  return { status: after.status, isError, content, ...(structured === undefined ? {} : { structured }), edited };
}
