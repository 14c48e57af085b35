// Pure: runs one tool under a timeout enforced by abort AND race (ENGINE-SPEC rule 12). Timers come from RunEnvironment.
import type { ToolResultContentBlock } from '../message/message';
import { factsOfThrown, isRetryableFailure } from '../policies/classify-retryable';
import type { Tool, ToolOutput, ToolResultStatus } from '../tool/tool';
import type { RunEnvironment } from './run-options';

/** Result text of a call that was running when the run was cancelled. */
export const CANCELLED_TEXT = 'Cancelled by the user; the call may have partially completed.';

/** How one run of a tool settled; `retryable` is set for failures. */
export interface SettledCall {
  status: ToolResultStatus;
  content: ToolResultContentBlock[];
  retryable?: boolean;
}

/** What `runWithDeadline` needs. */
export interface RunWithDeadlineOptions {
  tool: Tool;
  input: Record<string, unknown>;
  /** Cancels the call (`cancelled`). */
  signal: AbortSignal;
  timeoutMs: number;
  environment: RunEnvironment;
  /** Each progress notification; it also restarts the timeout (a tool that reports progress is alive). */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

const text = (value: string): ToolResultContentBlock => ({ type: 'text', text: value });

/**
 * Runs the tool under its own AbortController, aborted on timeout or cancel, AND races the call against
 * the timer and the cancel, so a tool that ignores its signal cannot hang the loop. Timeout and cancel
 * are told apart by status. Never rejects.
 */
export function runWithDeadline(options: RunWithDeadlineOptions): Promise<SettledCall> {
  const { tool, input, signal, timeoutMs, environment } = options;
  const controller = new AbortController();
  return new Promise<SettledCall>((resolve) => {
    let done = false;
    const onTimeout = (): void =>
      settle({ status: 'timeout', content: [text(`Tool timed out after ${timeoutMs} ms`)], retryable: true });
    let cancelTimer = environment.setTimer(onTimeout, timeoutMs);
    const onCancel = (): void => settle({ status: 'cancelled', content: [text(CANCELLED_TEXT)] });
    if (signal.aborted) return onCancel();
    signal.addEventListener('abort', onCancel, { once: true });

    function settle(result: SettledCall): void {
      if (done) return;
      done = true;
      cancelTimer();
      signal.removeEventListener('abort', onCancel);
      // Tell a well-behaved tool to stop; the result is already decided either way.
      if (result.status === 'timeout' || result.status === 'cancelled') controller.abort(result.status);
      resolve(result);
    }

    const onProgress = (progress: { progress: number; total?: number; message?: string }): void => {
      if (done) return;
      cancelTimer();
      cancelTimer = environment.setTimer(onTimeout, timeoutMs);
      options.onProgress?.(progress);
    };
    // Wrapping in a promise chain turns a synchronous throw into a rejection, and both handlers are
    // attached, so a late failure after a timeout is never an unhandled rejection.
    Promise.resolve()
      .then(() => (done ? undefined : tool.run(input, { signal: controller.signal, onProgress, log: () => {} })))
      .then(
        (output) => settle(fromOutput(output)),
        (error: unknown) => {
          const message = describeToolError(error);
          const retryable = isRetryableFailure(factsOfThrown(error, message));
          settle({ status: 'tool-error', content: [text(message)], retryable });
        },
      );
  });
}

/** Total over whatever a misbehaving tool resolves with: a missing output reads as empty content. */
function fromOutput(output: ToolOutput | undefined): SettledCall {
  if (typeof output !== 'object' || output === null) return { status: 'ok', content: [] };
  const content = Array.isArray(output.content) ? output.content : [];
  if (output.isError !== true) return { status: 'ok', content };
  const joined = content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  const retryable = isRetryableFailure({
    text: joined,
    ...(output.retryable === undefined ? {} : { retryable: output.retryable }),
    ...(output.errorCode === undefined ? {} : { errorCode: output.errorCode }),
  });
  return { status: 'tool-error', content, retryable };
}

function describeToolError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : `The tool failed: ${String(error)}`;
}
