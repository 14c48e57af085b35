// Pure: runs one round's tool calls in parallel. Clock and timers come from RunEnvironment.
import type { DebugSession } from '../debug/create-debug-session';
import type { RunEvent } from '../event/run-event';
import type { ToolResultContentBlock } from '../message/message';
import type { Tool, ToolOutput, ToolResultStatus } from '../tool/tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import type { ToolCallOutcome } from './build-tool-result';
import { toErrorContent } from './build-tool-result';
import type { RunEnvironment } from './run-options';

/** Default per-call timeout when neither the tool nor the run sets one (ENGINE-SPEC rule 12). */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;
/** Result text of a call that was running when the run was cancelled. */
export const CANCELLED_TEXT = 'Cancelled by the user; the call may have partially completed.';
/** Result text of a call that never started because the run was cancelled first. */
export const NOT_EXECUTED_TEXT = 'Not executed: the run was cancelled before this call started.';

/** Inputs of `executeToolCalls`. */
export interface ExecuteToolCallsOptions {
  calls: readonly PlannedToolCall[];
  tools: readonly Tool[];
  round: number;
  /** The run's cancel signal: running calls become `cancelled`, unstarted ones `not-executed`. */
  signal: AbortSignal;
  environment: RunEnvironment;
  /** Used when a tool sets no `timeoutMs`. */
  timeoutMs: number;
  emit: (event: RunEvent) => void;
  /** The run's debugger hooks (pauses before and after each call); absent = run straight through. */
  debug?: DebugSession;
}

/**
 * Runs every call of a round at once (ENGINE-SPEC rule 10) and resolves with one outcome per call, in
 * the model's order, once all have settled. Emits `tool-call-start` when a call starts and
 * `tool-call-end` as each one ends. Calls that cannot run (unknown name, bad input, cancelled before
 * start) get only a `tool-call-end`. Never rejects: errors, timeouts and cancels become statuses.
 */
export function executeToolCalls(options: ExecuteToolCallsOptions): Promise<ToolCallOutcome[]> {
  return Promise.all(options.calls.map((call) => executeToolCall(call, options)));
}

async function executeToolCall(call: PlannedToolCall, options: ExecuteToolCallsOptions): Promise<ToolCallOutcome> {
  const { environment, round, emit } = options;
  const queuedAt = environment.now();
  const finish = (status: ToolResultStatus, content: ToolResultContentBlock[], startedAt?: number): ToolCallOutcome => {
    const endedAt = environment.now();
    const isError = status !== 'ok';
    const sent = isError ? toErrorContent(content) : content;
    emit({
      type: 'tool-call-end',
      at: endedAt,
      round,
      callId: call.callId,
      name: call.name,
      status,
      isError,
      content: sent,
      timing: { queuedAt, ...(startedAt === undefined ? {} : { startedAt }), endedAt },
    });
    return { callId: call.callId, name: call.name, status, content: sent };
  };

  if (options.signal.aborted) return finish('not-executed', [text(NOT_EXECUTED_TEXT)]);
  const tool = options.tools.find((candidate) => candidate.name === call.name);
  const verdict = options.debug
    ? await options.debug.beforeTool(round, call, tool)
    : {
        kind: 'run' as const,
        input: call.input,
        ...(call.inputError === undefined ? {} : { inputError: call.inputError }),
      };
  if (verdict.kind === 'stopped' || options.signal.aborted) return finish('not-executed', [text(NOT_EXECUTED_TEXT)]);
  if (verdict.kind === 'answer') return finish(verdict.status, verdict.content);
  const { input, inputError } = verdict;
  // Every answered call (ran, bad input, unknown name) passes the after-tool point, where its result can be edited.
  const after = (outcome: ToolCallOutcome): Promise<ToolCallOutcome> | ToolCallOutcome =>
    options.debug ? options.debug.afterTool(round, input, outcome) : outcome;
  if (inputError !== undefined) return after(finish('invalid-input', [text(inputError)]));
  if (!tool) {
    const available = options.tools.map((candidate) => candidate.name).join(', ') || '(none)';
    return after(finish('not-found', [text(`Tool '${call.name}' is not available. Available tools: ${available}`)]));
  }

  const startedAt = environment.now();
  emit({
    type: 'tool-call-start',
    at: startedAt,
    round,
    callId: call.callId,
    name: call.name,
    input,
    queuedAt,
  });
  const settled = await runWithDeadline(tool, input, options);
  return after(finish(settled.status, settled.content, startedAt));
}

type Settled = { status: ToolResultStatus; content: ToolResultContentBlock[] };

/**
 * Runs the tool under its own AbortController, aborted on timeout or run cancel, AND races the call
 * against the timer and the cancel, so a tool that ignores its signal cannot hang the loop.
 */
function runWithDeadline(
  tool: Tool,
  input: Record<string, unknown>,
  options: ExecuteToolCallsOptions,
): Promise<Settled> {
  const timeoutMs = tool.timeoutMs ?? options.timeoutMs;
  const controller = new AbortController();
  return new Promise<Settled>((resolve) => {
    let done = false;
    const cancelTimer = options.environment.setTimer(() => {
      settle({ status: 'timeout', content: [text(`Tool timed out after ${timeoutMs} ms`)] });
    }, timeoutMs);
    const onCancel = (): void => settle({ status: 'cancelled', content: [text(CANCELLED_TEXT)] });
    options.signal.addEventListener('abort', onCancel, { once: true });

    function settle(result: Settled): void {
      if (done) return;
      done = true;
      cancelTimer();
      options.signal.removeEventListener('abort', onCancel);
      // Tell a well-behaved tool to stop; the result is already decided either way.
      if (result.status === 'timeout' || result.status === 'cancelled') controller.abort(result.status);
      resolve(result);
    }

    // Wrapping in a promise chain turns a synchronous throw into a rejection, and both handlers are
    // attached, so a late failure after a timeout is never an unhandled rejection.
    Promise.resolve()
      .then(() =>
        done ? undefined : tool.run(input, { signal: controller.signal, onProgress: () => {}, log: () => {} }),
      )
      .then(
        (output) => settle(fromOutput(output)),
        (error: unknown) => settle({ status: 'tool-error', content: [text(describeToolError(error))] }),
      );
  });
}

/** Total over whatever a misbehaving tool resolves with: a missing output reads as empty content. */
function fromOutput(output: ToolOutput | undefined): Settled {
  if (typeof output !== 'object' || output === null) return { status: 'ok', content: [] };
  const content = Array.isArray(output.content) ? output.content : [];
  return output.isError === true ? { status: 'tool-error', content } : { status: 'ok', content };
}

function describeToolError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : `The tool failed: ${String(error)}`;
}

function text(value: string): ToolResultContentBlock {
  return { type: 'text', text: value };
}
