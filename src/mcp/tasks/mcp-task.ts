// A server's MCP task as Loupe reads it, in either era: 2025-11-25 core Tasks and the 2026-07-28 Tasks extension
// (`io.modelcontextprotocol/tasks`, SEP-2663) share the task's id, status and message; they differ in where the
// poll interval and the outcome live, which stays in `raw` for the era's own code to read.
import { isProtocolError } from '../sdk/sdk-errors';

/** The five statuses of a task, in both eras. */
export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;

/** One of `TASK_STATUSES`. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task as Loupe uses it, read from a server's answer (a task handle, a poll or a push). */
export interface PolledTask {
  taskId: string;
  status: TaskStatus;
  /** At most 2 000 characters of the server's status message. */
  statusMessage?: string;
  /** The poll interval the server asks for, in ms (`pollInterval` on 2025, `pollIntervalMs` on 2026). */
  pollIntervalMs?: number;
  /** The whole answer, for era-specific fields (`result`, `error`, `inputRequests`). */
  raw: Record<string, unknown>;
}

/** Thrown when a server's task answers make no sense (a bogus id or status, a task it no longer knows). */
export class McpTaskError extends Error {
  override readonly name = 'McpTaskError';
}

/** Whether a task in `status` is over (its outcome is known). */
export const isTerminalStatus = (status: TaskStatus): boolean =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

/** A short JSON rendering of a hostile value, for error messages. */
export const quoteValue = (value: unknown): string => JSON.stringify(value)?.slice(0, 60) ?? String(value);

/** Longest task id Loupe follows: anything longer is no id a server means. */
const maxTaskIdLength = 512;

/**
 * Reads a task from `raw` (what `method` answered for `toolName`), taking the poll interval from
 * `intervalField`. Throws `McpTaskError` saying in plain words why `raw` is no task Loupe can follow.
 */
export function readMcpTask(
  raw: unknown,
  toolName: string,
  method: string,
  intervalField: 'pollInterval' | 'pollIntervalMs',
): PolledTask {
  const record = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const { taskId, status, statusMessage } = record;
  const interval = record[intervalField];
  const problem =
    typeof taskId !== 'string' || taskId === '' || taskId.length > maxTaskIdLength
      ? `its taskId ${quoteValue(taskId)} is not a task id`
      : !(TASK_STATUSES as readonly unknown[]).includes(status)
        ? `its status ${quoteValue(status)} is none of ${TASK_STATUSES.join(', ')}`
        : undefined;
  if (problem !== undefined)
    throw new McpTaskError(
      `The server answered ${method} for ${toolName} with a task Loupe cannot follow: ${problem}.`,
    );
  return {
    taskId: taskId as string,
    status: status as TaskStatus,
    ...(typeof statusMessage === 'string' ? { statusMessage: statusMessage.slice(0, 2_000) } : {}),
    ...(typeof interval === 'number' && Number.isFinite(interval) ? { pollIntervalMs: interval } : {}),
    raw: record,
  };
}

/**
 * One `tasks/get` poll of `taskId` (asked by `get`), in both eras: a protocol error means the server no longer
 * knows the task, and an answer about another task is refused — both as `McpTaskError`.
 */
export async function pollMcpTask(
  get: () => Promise<unknown>,
  taskId: string,
  toolName: string,
  intervalField: 'pollInterval' | 'pollIntervalMs',
): Promise<PolledTask> {
  const polled = await get().catch((error: unknown) => {
    if (isProtocolError(error))
      throw new McpTaskError(`The server no longer knows task ${taskId} of ${toolName}: ${error.message}`, {
        cause: error,
      });
    throw error;
  });
  const task = readMcpTask(polled, toolName, 'tasks/get', intervalField);
  if (task.taskId !== taskId)
    throw new McpTaskError(`The server answered tasks/get for task ${taskId} about another task (${task.taskId}).`);
  return task;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
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
