// Pure: runs one tool under a timeout enforced by abort AND race (ENGINE-SPEC rule 12). Timers come from RunEnvironment.
import type { ToolResultContentBlock } from '../message/message';
import { factsOfThrown, isRetryableFailure } from '../policies/classify-retryable';
import type {
  CallTimeoutInfo,
  TimeoutSource,
  Tool,
  ToolLogLevel,
  ToolOutput,
  ToolProgress,
  ToolResultStatus,
  ToolRunContext,
} from '../tool/tool';
import { describeDuration } from '../../shared/describe-duration';
import { createToolRunContext } from './create-tool-run-context';
import type { AbortSource } from './cancel-scope';
import type { RunEnvironment } from './run-options';
import { isWallTimeAbort } from './wall-time';
import { isRecord } from '../../shared/is-record';

/** Result text of a call that was running when the run was cancelled. */
export const CANCELLED_TEXT = 'Cancelled by the user; the call may have partially completed.';

/** How one run of a tool settled; `retryable` is set for failures. */
export interface SettledCall {
  status: ToolResultStatus;
  content: ToolResultContentBlock[];
  retryable?: boolean;
  /** Which bound stopped the call (status `timeout` only). */
  timeout?: CallTimeoutInfo;
  /** The tool's structured output when it is a JSON object (an MCP `structuredContent`), for MCP Apps. */
  structured?: Record<string, unknown>;
}

/** What `runWithDeadline` needs. */
export interface RunWithDeadlineOptions {
  tool: Tool;
  input: Record<string, unknown>;
  /** Cancels the call (`cancelled`). */
  signal: AbortSource;
  /** Idle timeout: the call may stay silent this long; each progress notification restarts it. */
  timeoutMs: number;
  /** Where `timeoutMs` comes from (shown as "server limit" and so on). Default `run`. */
  timeoutSource?: TimeoutSource;
  /** The most the call may take in all, progress or not (raised to `timeoutMs` when lower). Default none. */
  maxTotalMs?: number;
  environment: RunEnvironment;
  /** When the call started, as the caller read the clock for its `tool-call-start` (default: read now). */
  startedAt?: number;
  /** Each progress notification; it also restarts the timeout (a tool that reports progress is alive). */
  onProgress?: (progress: ToolProgress) => void;
  /** The call's id, handed to the tool in its context. */
  callId?: string;
  /** Each log message the tool sends while it runs (not after it settled); it does not restart the timeout. */
  onLog?: (level: ToolLogLevel, message: string) => void;
}

const text = (value: string): ToolResultContentBlock => ({ type: 'text', text: value });
const noop = (): void => {};
// Tools start from this settled promise: `then` on it queues the start in the same microtask queue, at the
// same place, as `queueMicrotask` would, without what Node's `queueMicrotask` makes per call (an AsyncResource
// and a bound function).
const resolved = Promise.resolve();

/** The idle timeout a call of `tool` runs under: the tool's own (or its server's), else the run's. */
export function callTimeoutOf(tool: Tool, runTimeoutMs: number): { ms: number; source: TimeoutSource } {
  if (tool.timeoutMs === undefined || !Number.isFinite(tool.timeoutMs) || tool.timeoutMs <= 0)
    return { ms: runTimeoutMs, source: 'run' };
  return { ms: tool.timeoutMs, source: tool.timeoutSource ?? 'tool' };
}

const sourceWords: Record<CallTimeoutInfo['source'], string> = {
  tool: 'tool limit',
  server: 'server limit',
  run: 'run limit',
  'max-total': 'most a call may take, even with progress',
  'wall-time': "the run's wall time ran out",
};

/** The result text of a timed-out call, e.g. "Tool timed out after 5 s (server limit)". */
export function describeCallTimeout(timeout: CallTimeoutInfo): string {
  if (timeout.source === 'wall-time')
    return `Stopped after ${describeDuration(timeout.ms)}: the run's wall time ran out while this call ran; it may have partially completed.`;
  if (timeout.source === 'max-total')
    return `Tool stopped after ${describeDuration(timeout.ms)} (the ${sourceWords['max-total']}); it may have partially completed.`;
  return `Tool timed out after ${describeDuration(timeout.ms)} (${sourceWords[timeout.source]})`;
}

/**
 * Runs the tool under its own AbortController, aborted on timeout or cancel, AND races the call against
 * the timers and the cancel, so a tool that ignores its signal cannot hang the loop. Two timers: the idle
 * timeout (`timeoutMs`, restarted by progress) and the total (`maxTotalMs`, never extended). A cancel whose
 * reason is the run's wall time (`isWallTimeAbort`) settles as `timeout` too; any other is `cancelled`.
 * Never rejects.
 */
export function runWithDeadline(options: RunWithDeadlineOptions): Promise<SettledCall> {
  const { tool, input, signal, timeoutMs, environment } = options;
  // The tool's own signal is made when the tool first reads it: a tool that never listens costs no
  // AbortController. Once the call is stopped, a signal read later comes already aborted.
  let controller: AbortController | undefined;
  let stoppedAs: string | undefined;
  const toolSignal = (): AbortSignal => {
    controller ??= new AbortController();
    if (stoppedAs !== undefined) controller.abort(stoppedAs);
    return controller.signal;
  };
  const startedAt = options.startedAt ?? environment.now();
  return new Promise<SettledCall>((resolve) => {
    let done = false;
    const timedOut = (timeout: CallTimeoutInfo): void =>
      settle({ status: 'timeout', content: [text(describeCallTimeout(timeout))], retryable: true, timeout });
    const onTimeout = (): void => timedOut({ ms: timeoutMs, source: options.timeoutSource ?? 'run' });
    let cancelTimer = environment.setTimer(onTimeout, timeoutMs);
    const maxTotal = options.maxTotalMs === undefined ? undefined : Math.max(options.maxTotalMs, timeoutMs);
    // The total is never shorter than the idle timeout, so it can only end the call first once the idle clock
    // was restarted or stopped (progress, a hold): its timer is set then, due when it always was (startedAt +
    // maxTotal), not for every call at its start.
    let cancelTotal = noop;
    let totalSet = false;
    const setTotal = (): void => {
      if (totalSet || maxTotal === undefined) return;
      totalSet = true;
      const left = Math.max(0, startedAt + maxTotal - environment.now());
      cancelTotal = environment.setTimer(() => timedOut({ ms: maxTotal, source: 'max-total' }), left);
    };
    const onCancel = (): void => {
      if (isWallTimeAbort(signal.reason)) timedOut({ ms: environment.now() - startedAt, source: 'wall-time' });
      else settle({ status: 'cancelled', content: [text(CANCELLED_TEXT)] });
    };
    if (signal.aborted) return onCancel();
    signal.addEventListener('abort', onCancel, { once: true });

    function settle(result: SettledCall): void {
      if (done) return;
      done = true;
      cancelTimer();
      cancelTotal();
      signal.removeEventListener('abort', onCancel);
      // Tell a well-behaved tool to stop; the result is already decided either way.
      if (result.status === 'timeout' || result.status === 'cancelled') {
        stoppedAs = result.status;
        controller?.abort(result.status);
      }
      resolve(result);
    }

    // While the tool waits for the person (holds > 0) the idle clock is stopped; it restarts when the last hold ends.
    let holds = 0;
    const restartIdle = (): void => {
      setTotal();
      cancelTimer();
      cancelTimer = holds > 0 ? noop : environment.setTimer(onTimeout, timeoutMs);
    };
    const holdIdle = (): (() => void) => {
      let held = !done;
      if (held) {
        holds += 1;
        restartIdle();
      }
      return () => {
        if (!held) return;
        held = false;
        holds -= 1;
        if (!done) restartIdle();
      };
    };
    const onProgress = (progress: ToolProgress): void => {
      if (done) return;
      restartIdle();
      options.onProgress?.(progress);
    };
    const log = (level: ToolLogLevel, message: string): void => {
      if (!done) options.onLog?.(level, message);
    };
    const onOutput = (output: ToolOutput | undefined): void => settle(fromOutput(output));
    const onError = (error: unknown): void => {
      const message = describeToolError(error);
      const retryable = isRetryableFailure(factsOfThrown(error, message));
      settle({ status: 'tool-error', content: [text(message)], retryable });
    };
    // The tool starts in a microtask, as it always has (never inside the caller's turn); a synchronous throw
    // is a failure like a rejection, and both handlers are attached, so a late failure after a timeout is
    // never an unhandled rejection. No promise chain of its own around the tool's: this runs for every call.
    void resolved.then(() => {
      if (done) return;
      const deadline: NonNullable<ToolRunContext['deadline']> = { idleMs: timeoutMs };
      if (maxTotal !== undefined) deadline.maxTotalMs = maxTotal;
      try {
        // `Promise.resolve` is the tool's own promise when it returns one; it also takes a bare value.
        Promise.resolve(
          tool.run(input, createToolRunContext(toolSignal, onProgress, log, deadline, holdIdle, options.callId)),
        ).then(onOutput, onError);
      } catch (error) {
        onError(error);
      }
    });
  });
}

/** Total over whatever a misbehaving tool resolves with: a missing output reads as empty content. */
function fromOutput(output: ToolOutput | undefined): SettledCall {
  if (typeof output !== 'object' || output === null) return { status: 'ok', content: [] };
  const content = Array.isArray(output.content) ? output.content : [];
  // Set when present rather than spread from a literal: this runs for every call.
  if (output.isError !== true) {
    const settled: SettledCall = { status: 'ok', content };
    if (isRecord(output.structured)) settled.structured = output.structured;
    return settled;
  }
  const structured = isRecord(output.structured) ? { structured: output.structured } : {};
  const joined = content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  const retryable = isRetryableFailure({
    text: joined,
    ...(output.retryable === undefined ? {} : { retryable: output.retryable }),
    ...(output.errorCode === undefined ? {} : { errorCode: output.errorCode }),
  });
  return { status: 'tool-error', content, retryable, ...structured };
}

function describeToolError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : `The tool failed: ${String(error)}`;
}
