// Follows a task a 2026-07-28 server answered `tools/call` with (the Tasks extension, SEP-2663): `tasks/get` for
// its state, outcome and questions, `tasks/update` for the answers, `tasks/cancel` to stop it, and
// `notifications/tasks` pushes on a `subscriptions/listen` stream when the server sends them.
import { z } from 'zod';
import type { ToolOutput, ToolRunContext } from '../../engine/tool/tool';
import { setOwn } from '../../shared/own-keys';
import { answerTaskInput, type TaskInputHandlers } from './answer-task-input';
import { convertToolResult } from '../tools/convert-tool-result';
import { followMcpTask, type McpTaskWire } from './follow-mcp-task';
import { McpTaskError, pollMcpTask, quoteValue, readMcpTask, type PolledTask } from './mcp-task';
import type { Client } from '../sdk/mcp-sdk-client';
import type { ResultCaps } from '../tools/result-caps';
import { SamplingDeclinedError } from '../server-requests/sampling-declined-error';
import { ACCEPTS_TASK_META_KEY } from './task-handle-transport';
import { watchTaskPushes } from './task-pushes';
import { isRecord } from '../../shared/is-record';
import { createCallStreamNotes } from '../session/call-stream-notes';
import { writeCallLog } from '../server-requests/write-call-log';

const anyResult = z.record(z.string(), z.unknown());
const intervalField = 'pollIntervalMs';
/** How long a tasks/cancel sent on the way out may take. */
const cancelTimeoutMs = 5_000;
/** Bounds on a task's questions: more at once, or longer keys, are no questions a person can answer. */
const maxInputRequests = 16;
const maxInputKeyLength = 256;

/** What `followModernMcpTask` needs besides the task handle. */
export interface FollowModernMcpTaskOptions {
  /** Idle timeout in ms (each request's timeout too). */
  idleMs: number;
  /** Total limit in ms from `startedAt`; absent = none. */
  totalMs?: number;
  startedAt: number;
  caps?: ResultCaps;
  /** Who answers the task's elicitation and sampling questions; without them such a task fails clearly. */
  handlers?: TaskInputHandlers;
}

/** The error result of a task that failed with a JSON-RPC error (`error: { code, message }`). */
function failedOutput(task: PolledTask): ToolOutput {
  const error = isRecord(task.raw['error']) ? task.raw['error'] : {};
  const message = typeof error['message'] === 'string' ? error['message'].slice(0, 2_000) : task.statusMessage;
  const code = typeof error['code'] === 'number' ? ` (${error['code']})` : '';
  return {
    content: [{ type: 'text', text: `Task ${task.taskId} failed${code}: ${message ?? 'the server gave no reason'}` }],
    isError: true,
  };
}

/**
 * Follows the task `handle` (a `tools/call` answer with `resultType: "task"`) to its end with `followMcpTask`:
 * the outcome comes inside the task (`result` when completed, `error` when failed); `input_required` questions
 * are answered once each (keys deduplicated across polls) through `handlers` and sent with `tasks/update`.
 * A sampling request the person declines ends the call with an error result the model sees, and cancels
 * the task. Bogus answers (id, status, a result that is no object, a task the server forgot) throw `McpTaskError`.
 */
export async function followModernMcpTask(
  client: Client,
  toolName: string,
  handle: Record<string, unknown>,
  context: ToolRunContext,
  options: FollowModernMcpTaskOptions,
): Promise<ToolOutput> {
  const first = readMcpTask(handle, toolName, 'tools/call', intervalField);
  const taskId = first.taskId;
  // The server's logs on the task's own requests (its polls, its answers) are about this call.
  const { onresumptiontoken } = createCallStreamNotes({ onLog: (entry) => writeCallLog(context, entry) });
  const request = (method: string, params: Record<string, unknown>, timeout = options.idleMs, signal = true) =>
    client.request({ method, params: { ...params, _meta: { [ACCEPTS_TASK_META_KEY]: true } } } as never, anyResult, {
      timeout,
      onresumptiontoken,
      ...(signal ? { signal: context.signal } : {}),
    });
  const answered = new Set<string>();
  const cancel = async () => {
    await request('tasks/cancel', { taskId }, cancelTimeoutMs, false).catch(() => undefined);
  };

  const wire: McpTaskWire = {
    poll: () => pollMcpTask(() => request('tasks/get', { taskId }), taskId, toolName, intervalField),
    cancel,
    async answerInput(task) {
      const asked = task.raw['inputRequests'];
      if (!isRecord(asked)) return undefined;
      const fresh = Object.entries(asked).filter(([key]) => !answered.has(key));
      if (fresh.length > maxInputRequests || fresh.some(([key]) => key.length > maxInputKeyLength))
        throw new McpTaskError(
          `The task of ${toolName} asked ${fresh.length} questions at once (or with keys too long to be keys); Loupe answers at most ${maxInputRequests}.`,
        );
      const inputResponses: Record<string, unknown> = {};
      for (const [key, question] of fresh) {
        try {
          // A server names its questions: `__proto__` must stay a key of the answers, not become their prototype.
          setOwn(
            inputResponses,
            key,
            await answerTaskInput(question, options.handlers ?? {}, context.signal, toolName),
          );
        } catch (error) {
          if (!(error instanceof SamplingDeclinedError)) throw error;
          await cancel();
          return { content: [{ type: 'text', text: error.message }], isError: true };
        }
      }
      if (fresh.length === 0) return undefined;
      await request('tasks/update', { taskId, inputResponses });
      for (const [key] of fresh) answered.add(key);
      return undefined;
    },
    finish(task) {
      if (task.status === 'failed') return Promise.resolve(failedOutput(task));
      if (task.status === 'cancelled')
        return Promise.resolve({
          content: [
            {
              type: 'text',
              text: `The server cancelled task ${taskId}${task.statusMessage ? `: ${task.statusMessage}` : '.'}`,
            },
          ],
          isError: true,
        });
      const result = task.raw['result'];
      if (!isRecord(result))
        return Promise.reject(
          new McpTaskError(
            `The server said task ${taskId} of ${toolName} completed, but its result ${quoteValue(result)} is not an object.`,
          ),
        );
      return Promise.resolve(convertToolResult(result, options.caps));
    },
    watch: (id, onPush) =>
      watchTaskPushes(client, id, (raw) => {
        try {
          onPush(readMcpTask(raw, toolName, 'notifications/tasks', intervalField));
        } catch {
          // A push that makes no sense is ignored: the next poll says what the task is.
        }
      }),
  };
  return followMcpTask(first, wire, context, {
    toolName,
    idleMs: options.idleMs,
    ...(options.totalMs === undefined ? {} : { totalMs: options.totalMs }),
    startedAt: options.startedAt,
    now: Date.now,
  });
}
