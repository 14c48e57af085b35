// Sends one tools/call and takes the answer leniently: the raw result goes to the part-by-part converter.
import { z } from 'zod';
import type { ToolOutput, ToolRunContext } from '../../engine/tool/tool';
import type { TaskInputHandlers } from '../tasks/answer-task-input';
import { convertToolResult } from './convert-tool-result';
import { traceContextMeta } from './trace-context-meta';
import { McpConnectionLostError, McpToolTimeoutError } from '../connection/mcp-connection-error';
import { describeConnectionLoss, isNetworkFailure } from '../session/describe-connection-loss';
import { createCallStreamNotes } from '../session/call-stream-notes';
import { writeCallLog } from '../server-requests/write-call-log';
import { lostStreamReasonOf } from '../session/watch-request-streams';
import type { Client } from '../sdk/mcp-sdk-client';
import type { ResultCaps } from './result-caps';
import { createIdleClock, createPersonWaits, type PersonWaits } from '../server-requests/person-waits';
import { isProtocolError, isSdkTimeout, sdkHttpStatusOf } from '../sdk/sdk-errors';
import { ACCEPTS_TASK_META_KEY, takeTaskHandle } from '../tasks/task-handle-transport';

// Any JSON object passes: one odd part must not turn the whole result into a schema error (the SDK's
// CallToolResultSchema rejects the result as a whole), so `convertToolResult` reads it part by part.
const anyResult = z.record(z.string(), z.unknown());

/** Margin over the engine's own timers, so the engine's timeout (which says which limit it was) fires first. */
const backstopMarginMs = 1_000;

/** What `callMcpTool` needs besides the call. */
export interface CallMcpToolOptions {
  /** The idle timeout when the engine gives none (`context.deadline`), e.g. a direct call in a test. */
  timeoutMs: number;
  caps?: ResultCaps;
  /** Extra HTTP headers for this call (the 2026-07-28 `Mcp-Param-*` mirrors of marked parameters). */
  headers?: Record<string, string>;
  /** Who answers the questions of a 2026-07-28 task (`input_required`): the same handlers as direct requests. */
  taskInput?: TaskInputHandlers;
  /** The server's questions open with the person: the call's idle timeout stands still while one is. */
  personWaits?: PersonWaits;
  /** The server's name, as a lost connection's reason names it; default `the server`. */
  serverName?: string;
}

/** The SDK's own timeout where Loupe's idle clock decides instead: a day (setTimeout's range ends at ~24.8 days). */
export const LONGEST_REQUEST_MS = 86_400_000;

/**
 * Sends `tools/call` (with the progress token, the engine's idle timeout restarted by progress and stopped
 * while the person answers one of the server's questions, `options.personWaits`, and its total as the SDK's own
 * timeout) and converts whatever object comes back part by part. Abort and
 * timeout are thrown (told apart by name); JSON-RPC errors come back as `isError` output with their code.
 * The tool's output schema is not enforced here: a result that does not match it still reaches the model.
 * On a 2026-07-28 connection the call declares the Tasks extension, and a task handle the server answers
 * with is followed to its end (`followModernMcpTask`).
 */
export async function callMcpTool(
  client: Client,
  toolName: string,
  input: Record<string, unknown>,
  context: ToolRunContext,
  options: CallMcpToolOptions,
): Promise<ToolOutput> {
  const idle = context.deadline === undefined ? options.timeoutMs : context.deadline.idleMs + backstopMarginMs;
  const total = context.deadline?.maxTotalMs;
  const startedAt = Date.now();
  const modern = client.getProtocolEra() === 'modern';
  // The idle timeout, restarted by progress and stopped while the person answers one of the server's questions.
  const clock = createIdleClock(idle, options.personWaits ?? createPersonWaits());
  // The call's own line in the timeline when its stream breaks, and whether it was resumed.
  const notes = createCallStreamNotes({
    onLost: (reason, resuming) => {
      if (resuming) context.log('warning', `The connection was lost (${reason}); resuming the stream…`);
    },
    onResumed: () => context.log('info', 'The stream was resumed from its last event; the call goes on.'),
    // The server's logs about this call, and no other's (session/deliver-call-logs.ts).
    onLog: (entry) => writeCallLog(context, entry),
    onRequestSent: (request) => context.onRequestSent?.(request),
  });
  const meta = { ...traceContextMeta(context), ...(modern && { [ACCEPTS_TASK_META_KEY]: true }) };
  let result: Record<string, unknown>;
  try {
    result = await client.request(
      {
        method: 'tools/call',
        params: { name: toolName, arguments: input, ...(Object.keys(meta).length > 0 && { _meta: meta }) },
      },
      anyResult,
      {
        signal: AbortSignal.any([context.signal, clock.signal]),
        timeout: total === undefined ? LONGEST_REQUEST_MS : total + backstopMarginMs,
        ...(options.headers === undefined ? {} : { headers: options.headers }),
        onresumptiontoken: notes.onresumptiontoken,
        onprogress: ({ progress, total: of, message }) => {
          clock.touch();
          context.onProgress({
            progress,
            ...(of === undefined ? {} : { total: of }),
            ...(message === undefined ? {} : { message }),
          });
        },
      },
    );
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (isSdkTimeout(error)) throw new McpToolTimeoutError(toolName, idle, { cause: error });
    const lost = lostStreamReasonOf(error) ?? (isNetworkFailure(error) ? describeConnectionLoss(error) : undefined);
    if (lost !== undefined)
      throw new McpConnectionLostError(options.serverName ?? 'the server', lost, { cause: error });
    // A gateway or the server failing (502, 503…): said as such, its status kept for the retry policy. A 4xx stays
    // as it is: a 404/400 is a forgotten session, which the connection re-initialises.
    const status = sdkHttpStatusOf(error);
    if (status !== undefined && status >= 500) {
      const who = options.serverName ?? 'The server';
      const text = `${who} answered the call with HTTP ${status}: the server or a proxy in front of it failed.`;
      throw Object.assign(new Error(text, { cause: error }), { status });
    }
    if (isProtocolError(error)) return { content: [{ type: 'text', text: error.message }], isError: true };
    throw error;
  } finally {
    clock.stop();
  }
  const handle = modern ? takeTaskHandle(client, result) : undefined;
  if (handle === undefined) return convertToolResult(result, options.caps);
  // Loaded with the first call the server answers with a task (its status pushes are a bonus to the polls).
  const { followModernMcpTask } = await import('../tasks/follow-modern-task');
  return followModernMcpTask(client, toolName, handle, context, {
    idleMs: idle,
    ...(total === undefined ? {} : { totalMs: total + backstopMarginMs }),
    startedAt,
    ...(options.caps === undefined ? {} : { caps: options.caps }),
    ...(options.taskInput === undefined ? {} : { handlers: options.taskInput }),
  });
}
