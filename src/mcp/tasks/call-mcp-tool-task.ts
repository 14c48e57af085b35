// Runs one tools/call as an MCP task on a 2025-11-25 connection (core Tasks, which the SDK v2 client carries as
// vocabulary without a runtime): asks for a task with `params.task`, then `followMcpTask` polls `tasks/get`,
// takes the result (and the server's questions, asked on the side of the request) with `tasks/result`, and
// cancels with `tasks/cancel`. The 2026-07-28 Tasks extension is `followModernMcpTask`'s.
import { z } from 'zod';
import type { ToolOutput, ToolRunContext } from '../../engine/tool/tool';
import { convertToolResult } from '../tools/convert-tool-result';
import { traceContextMeta } from '../tools/trace-context-meta';
import { LONGEST_REQUEST_MS, type CallMcpToolOptions } from '../tools/call-mcp-tool';
import { followMcpTask, type McpTaskWire } from './follow-mcp-task';
import { McpToolTimeoutError } from '../connection/mcp-connection-error';
import { pollMcpTask, readMcpTask, sleepFor } from './mcp-task';
import type { Client } from '../sdk/mcp-sdk-client';
import { createIdleClock, createPersonWaits } from '../server-requests/person-waits';
import { isProtocolError, isSdkTimeout } from '../sdk/sdk-errors';
import { watchTaskPushes } from './task-pushes';
import { createCallStreamNotes } from '../session/call-stream-notes';
import { writeCallLog } from '../server-requests/write-call-log';

export { McpTaskError } from './mcp-task';

const anyResult = z.record(z.string(), z.unknown());
const intervalField = 'pollInterval';

/** Margin over the engine's own timers, so the engine's timeout (which says which limit it was) fires first. */
const backstopMarginMs = 1_000;
/** How long a tasks/cancel sent on the way out may take. */
const cancelTimeoutMs = 5_000;
/** How long the server should keep a task when the engine sets no total. */
const defaultTaskTtlMs = 600_000;

/** What `callMcpToolAsTask` needs besides `CallMcpToolOptions`: the clock and the wait between polls. */
export interface CallMcpToolAsTaskOptions extends CallMcpToolOptions {
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Sends `tools/call` with `params.task` and follows the task the server creates with `followMcpTask` (status
 * as progress, `notifications/tasks/status` pushes, the idle timeout and total limit, `tasks/cancel` on the way
 * out). The result comes from `tasks/result`, which on `input_required` also carries the server's elicitation
 * or sampling request to the client's handlers (its idle clock stands still while the person answers). A server that answers the call directly (no `task`) is taken as
 * a plain result. A bogus task throws `McpTaskError`; a JSON-RPC error of the call itself, or of `tasks/result`,
 * comes back as `isError` output, as for any call.
 */
export async function callMcpToolAsTask(
  client: Client,
  toolName: string,
  input: Record<string, unknown>,
  context: ToolRunContext,
  options: CallMcpToolAsTaskOptions,
): Promise<ToolOutput> {
  const now = options.now ?? Date.now;
  const idle = context.deadline === undefined ? options.timeoutMs : context.deadline.idleMs + backstopMarginMs;
  const total = context.deadline?.maxTotalMs === undefined ? undefined : context.deadline.maxTotalMs + backstopMarginMs;
  const startedAt = now();
  // The server's logs on the task's own requests (its tools/call, polls, tasks/result) are about this call.
  const { onresumptiontoken } = createCallStreamNotes({
    onLog: (entry) => writeCallLog(context, entry),
    onRequestSent: (request) => context.onRequestSent?.(request),
  });
  // The trace context travels on the task's creating request; its polls belong to the same call span.
  const withTraceContext = (of: ToolRunContext) => {
    const meta = traceContextMeta(of);
    return Object.keys(meta).length === 0 ? {} : { _meta: meta };
  };
  const request = (method: string, params: Record<string, unknown>, headers?: Record<string, string>) =>
    client.request({ method, params } as never, anyResult, {
      signal: context.signal,
      timeout: idle,
      onresumptiontoken,
      ...(headers === undefined ? {} : { headers }),
    });
  const asOutput = (error: unknown): ToolOutput => {
    if (context.signal.aborted) throw error;
    if (isSdkTimeout(error)) throw new McpToolTimeoutError(toolName, idle, { cause: error });
    if (isProtocolError(error)) return { content: [{ type: 'text', text: error.message }], isError: true };
    throw error;
  };

  let created: Record<string, unknown>;
  try {
    created = await request(
      'tools/call',
      {
        name: toolName,
        arguments: input,
        task: { ttl: Math.max(idle, total ?? defaultTaskTtlMs) },
        ...withTraceContext(context),
      },
      options.headers,
    );
  } catch (error) {
    return asOutput(error);
  }
  // The server may run an optional-task tool directly.
  if (!('task' in created)) return convertToolResult(created, options.caps);
  const first = readMcpTask(created['task'], toolName, 'tools/call', intervalField);
  const taskId = first.taskId;
  const result = async () => {
    // On input_required this is where the server asks its questions (related to this request) and waits: the
    // idle clock stands still while the person answers, and starts afresh after.
    const clock = createIdleClock(idle, options.personWaits ?? createPersonWaits());
    try {
      const answer = await client.request({ method: 'tasks/result', params: { taskId } } as never, anyResult, {
        signal: AbortSignal.any([context.signal, clock.signal]),
        timeout: total ?? LONGEST_REQUEST_MS,
        onresumptiontoken,
      });
      return convertToolResult(answer, options.caps);
    } catch (error) {
      if (context.signal.aborted || isSdkTimeout(error)) throw error;
      return asOutput(error);
    } finally {
      clock.stop();
    }
  };
  const wire: McpTaskWire = {
    poll: () => pollMcpTask(() => request('tasks/get', { taskId }), taskId, toolName, intervalField),
    async cancel() {
      await client
        .request({ method: 'tasks/cancel', params: { taskId } } as never, anyResult, { timeout: cancelTimeoutMs })
        .catch(() => undefined);
    },
    answerInput: result,
    async finish(task) {
      if (task.status !== 'cancelled') return result();
      return {
        content: [
          {
            type: 'text',
            text: `The server cancelled task ${taskId}${task.statusMessage ? `: ${task.statusMessage}` : '.'}`,
          },
        ],
        isError: true,
      };
    },
    watch: (id, onPush) =>
      watchTaskPushes(client, id, (raw) => {
        try {
          onPush(readMcpTask(raw, toolName, 'notifications/tasks/status', intervalField));
        } catch {
          // A push that makes no sense is ignored: the next poll says what the task is.
        }
      }),
  };
  return followMcpTask(first, wire, context, {
    toolName,
    idleMs: idle,
    ...(total === undefined ? {} : { totalMs: total }),
    startedAt,
    now,
    sleep: options.sleep ?? sleepFor,
  });
}
