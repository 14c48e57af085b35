// Follows one MCP task to its end, whichever era's wire carries it: polls, reports each change of state as
// progress, answers the task's questions, keeps the call's idle timeout and total limit, and cancels the task
// when the call is stopped, times out or the server's answers stop making sense.
import type { ToolOutput, ToolRunContext, ToolTaskState } from '../../engine/tool/tool';
import { McpToolTimeoutError } from '../connection/mcp-connection-error';
import { isTerminalStatus, sleepFor, type PolledTask } from './mcp-task';
import { isSdkTimeout } from '../sdk/sdk-errors';

/** Bounds on the poll interval a server asks for: never a busy loop, never minutes between looks. */
const minPollMs = 50;
const maxPollMs = 10_000;
const defaultPollMs = 500;

/** How one era speaks to a task; `followMcpTask` drives it. Each method throws what it cannot make sense of. */
export interface McpTaskWire {
  /** The task as the server sees it now (`tasks/get`), checked to be the same task. */
  poll(taskId: string): Promise<PolledTask>;
  /** Tells the server to stop the task (`tasks/cancel`); never throws. */
  cancel(taskId: string): Promise<void>;
  /**
   * The task waits for the client. Resolves `undefined` once the questions are answered and polling goes on
   * (2026-07-28: `tasks/update`), or with the call's outcome (2025-11-25: `tasks/result` carries the questions).
   */
  answerInput(task: PolledTask): Promise<ToolOutput | undefined>;
  /** The outcome of a task that ended (completed, failed or cancelled). */
  finish(task: PolledTask): Promise<ToolOutput>;
  /**
   * Calls `onPush` with each status the server pushes for `taskId`, until the returned function is called.
   * Pushes only hasten the next poll and update what is shown: the outcome always comes from a poll.
   */
  watch?(taskId: string, onPush: (task: PolledTask) => void): () => void;
}

/** What `followMcpTask` needs besides the task and its wire. */
export interface FollowMcpTaskOptions {
  toolName: string;
  /** Ms without a change of state before the call times out (the engine's idle timeout plus a margin). */
  idleMs: number;
  /** Ms from `startedAt` before the call times out whatever happens; absent = no total limit. */
  totalMs?: number;
  /** When the call began (by `now`). */
  startedAt: number;
  now: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Follows `first` (the task the server created) to its end through `wire`: polls at the server's interval
 * (bounded to 50 ms – 10 s, 500 ms when it names none), reports each change of status or status message
 * through `context.onProgress` with `task` set (polls that change nothing are no progress, so a task that
 * never moves still meets the idle timeout), hands a task that waits for input to `wire.answerInput`, and
 * takes the outcome from `wire.finish`. A pushed status shows at once and brings the next poll forward.
 * On abort, timeout or any error it sends `tasks/cancel` before rethrowing (timeouts as `McpToolTimeoutError`).
 */
export async function followMcpTask(
  first: PolledTask,
  wire: McpTaskWire,
  context: ToolRunContext,
  options: FollowMcpTaskOptions,
): Promise<ToolOutput> {
  const { toolName, idleMs, totalMs, startedAt, now } = options;
  const sleep = options.sleep ?? sleepFor;
  const taskId = first.taskId;
  let task = first;
  let updates = 0;
  let lastChangeAt = startedAt;
  let last: ToolTaskState | undefined;
  const report = (seen: PolledTask) => {
    const state: ToolTaskState = {
      id: taskId,
      status: seen.status,
      ...(seen.statusMessage === undefined ? {} : { message: seen.statusMessage }),
    };
    if (last !== undefined && last.status === state.status && last.message === state.message) return;
    last = state;
    lastChangeAt = now();
    updates += 1;
    context.onProgress({
      progress: updates,
      ...(state.message === undefined ? {} : { message: state.message }),
      task: state,
    });
  };

  // A push asks for the next poll now (after the shortest wait, so a chatty server cannot make Loupe hammer it).
  let pushed = false;
  let wake = () => {};
  const stopWatching = wire.watch?.(taskId, (seen) => {
    if (seen.taskId !== taskId) return;
    // A push never ends the task: a terminal status only hastens the poll that fetches the outcome.
    if (!isTerminalStatus(seen.status)) report(seen);
    pushed = true;
    wake();
  });
  const nap = async (ms: number) => {
    await sleep(Math.min(ms, minPollMs), context.signal);
    if (pushed || ms <= minPollMs) return;
    const waking = new AbortController();
    wake = () => waking.abort();
    try {
      await sleep(ms - minPollMs, AbortSignal.any([context.signal, waking.signal]));
    } catch (error) {
      if (context.signal.aborted || !waking.signal.aborted) throw error;
    } finally {
      wake = () => {};
    }
  };

  try {
    report(task);
    for (;;) {
      if (isTerminalStatus(task.status)) return await wire.finish(task);
      if (task.status === 'input_required') {
        const outcome = await wire.answerInput(task);
        if (outcome !== undefined) return outcome;
        // The person may have taken a while to answer: that was no idleness of the server's.
        lastChangeAt = now();
      }
      const waited = now() - lastChangeAt;
      if (waited >= idleMs || (totalMs !== undefined && now() - startedAt >= totalMs))
        throw new McpToolTimeoutError(toolName, idleMs);
      const interval = Math.min(maxPollMs, Math.max(minPollMs, task.pollIntervalMs ?? defaultPollMs));
      await nap(Math.min(interval, Math.max(minPollMs, idleMs - waited)));
      pushed = false;
      task = await wire.poll(taskId);
      report(task);
    }
  } catch (error) {
    // Stopped, timed out or lost: a task the server may still run is told to stop.
    if (!isTerminalStatus(task.status)) await wire.cancel(taskId);
    // The SDK reports a request its caller aborted as a RequestTimeout (it wraps any abort reason that is not its
    // own error): a stop during a poll is a stop, not a timeout.
    if (isSdkTimeout(error) && !context.signal.aborted)
      throw new McpToolTimeoutError(toolName, idleMs, { cause: error });
    throw error;
  } finally {
    stopWatching?.();
  }
}
