// Runs one tools/call as an MCP task (the 2025-11-25 Tasks wire, which the SDK v2 client carries as vocabulary
// without a runtime): asks for a task, polls tasks/get, reports each change of status as progress, takes the
// result with tasks/result, and cancels the task with tasks/cancel when the call is stopped or times out.
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ToolOutput, ToolRunContext, ToolTaskState } from '../engine/tool/tool';
import { convertToolResult } from './convert-tool-result';
import type { CallMcpToolOptions } from './call-mcp-tool';
import { McpToolTimeoutError } from './mcp-connection-error';
import type { Client } from './mcp-sdk-client';
import type { McpSession } from './mcp-session';
import { isProtocolError, isSdkTimeout } from './sdk-errors';

const anyResult = z.record(z.string(), z.unknown());

/** Margin over the engine's own timers, so the engine's timeout (which says which limit it was) fires first. */
const backstopMarginMs = 1_000;
/** Bounds on the poll interval a server asks for: never a busy loop, never minutes between looks. */
const minPollMs = 50;
const maxPollMs = 10_000;
const defaultPollMs = 500;
/** How long a tasks/cancel sent on the way out may take. */
const cancelTimeoutMs = 5_000;
/** How long the server should keep a task when the engine sets no total. */
const defaultTaskTtlMs = 600_000;

const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task as Loupe uses it, read from a server's answer. */
interface PolledTask {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  pollInterval?: number;
}

/** Thrown when a server's task answers make no sense (a bogus id or status, a task it no longer knows). */
export class McpTaskError extends Error {
  override readonly name = 'McpTaskError';
}

/** What `callMcpToolAsTask` needs besides `CallMcpToolOptions`: the clock and the wait between polls. */
export interface CallMcpToolAsTaskOptions extends CallMcpToolOptions {
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const quote = (value: unknown) => JSON.stringify(value)?.slice(0, 60) ?? String(value);

/** Reads a task from `raw` (what `method` answered), or says in plain words why it is not one. */
function readTask(raw: unknown, toolName: string, method: string): PolledTask {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const { taskId, status, statusMessage, pollInterval } = record;
  const problem =
    typeof taskId !== 'string' || taskId === '' || taskId.length > 512
      ? `its taskId ${quote(taskId)} is not a task id`
      : !(TASK_STATUSES as readonly unknown[]).includes(status)
        ? `its status ${quote(status)} is none of ${TASK_STATUSES.join(', ')}`
        : undefined;
  if (problem !== undefined)
    throw new McpTaskError(
      `The server answered ${method} for ${toolName} with a task Loupe cannot follow: ${problem}.`,
    );
  return {
    taskId: taskId as string,
    status: status as TaskStatus,
    ...(typeof statusMessage === 'string' ? { statusMessage: statusMessage.slice(0, 2_000) } : {}),
    ...(typeof pollInterval === 'number' && Number.isFinite(pollInterval) ? { pollInterval } : {}),
  };
}

/**
 * Whether to ask for a task (MCP Tasks, 2025-11-25): the tool offers task execution and the server says
 * tools/call may run as one. The 2026-07-28 revision moved tasks to an extension the SDK does not carry yet.
 */
export function runsAsTask(
  definition: Pick<McpToolDefinition, 'execution'>,
  session: Pick<McpSession, 'era' | 'client'>,
): boolean {
  if (session.era !== 'legacy') return false;
  const support = definition.execution?.taskSupport;
  if (support !== 'optional' && support !== 'required') return false;
  const tasks = session.client.getServerCapabilities()?.tasks as
    { requests?: { tools?: { call?: unknown } } } | undefined;
  return tasks?.requests?.tools?.call !== undefined;
}

const isTerminal = (status: TaskStatus) => status === 'completed' || status === 'failed' || status === 'cancelled';

/**
 * Sends `tools/call` with `params.task` and follows the task the server creates: polls `tasks/get` at the
 * server's `pollInterval` (bounded), reports each change of status or status message through
 * `context.onProgress` (with `task` set; polls that change nothing do not count, so a task that never moves
 * still meets the idle timeout), then fetches the result with `tasks/result` and converts it part by part. A
 * server that answers the call directly (no `task`) is taken as a plain result. On abort or timeout it sends
 * `tasks/cancel` before giving up. A bogus task (id, status, a different id on poll, a task the server forgot)
 * throws `McpTaskError`; a JSON-RPC error of the call itself comes back as `isError` output, as for any call.
 */
export async function callMcpToolAsTask(
  client: Client,
  toolName: string,
  input: Record<string, unknown>,
  context: ToolRunContext,
  options: CallMcpToolAsTaskOptions,
): Promise<ToolOutput> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? sleepFor;
  const idle = context.deadline === undefined ? options.timeoutMs : context.deadline.idleMs + backstopMarginMs;
  const total = context.deadline?.maxTotalMs === undefined ? undefined : context.deadline.maxTotalMs + backstopMarginMs;
  const startedAt = now();
  const request = (method: string, params: Record<string, unknown>, headers?: Record<string, string>) =>
    client.request({ method, params } as never, anyResult, {
      signal: context.signal,
      timeout: idle,
      ...(headers === undefined ? {} : { headers }),
    });

  let created: Record<string, unknown>;
  try {
    created = await request(
      'tools/call',
      { name: toolName, arguments: input, task: { ttl: Math.max(idle, total ?? defaultTaskTtlMs) } },
      options.headers,
    );
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (isSdkTimeout(error)) throw new McpToolTimeoutError(toolName, idle, { cause: error });
    if (isProtocolError(error)) return { content: [{ type: 'text', text: error.message }], isError: true };
    throw error;
  }
  // The server may run an optional-task tool directly.
  if (!('task' in created)) return convertToolResult(created, options.caps);
  let task = readTask(created['task'], toolName, 'tools/call');
  const taskId = task.taskId;

  let updates = 0;
  let lastChangeAt = startedAt;
  let last: ToolTaskState | undefined;
  const report = () => {
    const state: ToolTaskState = {
      id: taskId,
      status: task.status,
      ...(task.statusMessage === undefined ? {} : { message: task.statusMessage }),
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
  const cancelTask = async () => {
    await client
      .request({ method: 'tasks/cancel', params: { taskId } } as never, anyResult, { timeout: cancelTimeoutMs })
      .catch(() => undefined);
  };

  try {
    report();
    while (!isTerminal(task.status) && task.status !== 'input_required') {
      const waited = now() - lastChangeAt;
      if (waited >= idle || (total !== undefined && now() - startedAt >= total))
        throw new McpToolTimeoutError(toolName, idle);
      const interval = Math.min(maxPollMs, Math.max(minPollMs, task.pollInterval ?? defaultPollMs));
      await sleep(Math.min(interval, Math.max(minPollMs, idle - waited)), context.signal);
      const polled = await request('tasks/get', { taskId }).catch((error: unknown) => {
        if (isProtocolError(error))
          throw new McpTaskError(`The server no longer knows task ${taskId} of ${toolName}: ${error.message}`, {
            cause: error,
          });
        throw error;
      });
      task = readTask(polled, toolName, 'tasks/get');
      if (task.taskId !== taskId)
        throw new McpTaskError(`The server answered tasks/get for task ${taskId} about another task (${task.taskId}).`);
      report();
    }
  } catch (error) {
    // Stopped, timed out or lost: a task the server still runs is told to stop.
    await cancelTask();
    if (isSdkTimeout(error)) throw new McpToolTimeoutError(toolName, idle, { cause: error });
    throw error;
  }

  if (task.status === 'cancelled')
    return {
      content: [
        {
          type: 'text',
          text: `The server cancelled task ${taskId}${task.statusMessage ? `: ${task.statusMessage}` : '.'}`,
        },
      ],
      isError: true,
    };
  try {
    // input_required: tasks/result carries the server's questions (elicitation) and waits for the answer.
    return convertToolResult(await request('tasks/result', { taskId }), options.caps);
  } catch (error) {
    if (context.signal.aborted) {
      await cancelTask();
      throw error;
    }
    if (isSdkTimeout(error)) throw new McpToolTimeoutError(toolName, idle, { cause: error });
    if (isProtocolError(error)) return { content: [{ type: 'text', text: error.message }], isError: true };
    throw error;
  }
}
