// Hands a server's log to the call it is about: the one whose request's own response stream carried it (both eras;
// on 2026-07-28 the per-request log level makes that the normal case), or whose progress token it names. A log
// about no running call reaches the server's log only (the client's notification handler, as before). Being the
// outermost transport, it also tells each call the JSON-RPC id its request goes out with.
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { ServerLogMessage } from '../server-requests/mcp-client-handlers';
import { callStreamListenerOf, type CallStreamListener } from './call-stream-notes';
import { streamRequestOf } from './mark-stream-logs';
import { wrapTransport } from '../http/wrap-transport';

type RequestId = string | number;
type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

/** Requests of calls kept at most; past it the oldest is forgotten (its logs then reach the server's log only). */
const MAX_PENDING = 1_000;

interface Pending {
  listener: CallStreamListener;
  progressToken?: RequestId;
  /** The task this request is about (a 2025 `tasks/result` or a poll): a log naming it as related is the call's. */
  taskId?: string;
}

/** Where a notification names the task it is about (MCP 2025-11-25). */
const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

/**
 * Wraps the transport the client talks to (outermost, where a request's options still carry its call's notes;
 * `createCallStreamNotes`). Each request of a call that listens for logs is kept until its answer comes; each
 * well-formed `notifications/message` about one of them goes to that call, and on to the client either way.
 */
export function deliverCallLogs(inner: Transport): Transport {
  const pending = new Map<RequestId, Pending>();
  const forget = (id: unknown) => {
    if (typeof id === 'string' || typeof id === 'number') pending.delete(id);
  };
  const callOf = (message: JSONRPCMessage): Pending | undefined => {
    const onStream = streamRequestOf(message);
    if (onStream !== undefined) return pending.get(onStream);
    const meta = (message as { params?: { _meta?: unknown } }).params?._meta;
    if (!isObject(meta)) return undefined;
    const token = meta['progressToken'];
    const related = meta[RELATED_TASK_KEY];
    const taskId = isObject(related) ? related['taskId'] : undefined;
    for (const entry of pending.values()) {
      if ((typeof token === 'string' || typeof token === 'number') && entry.progressToken === token) return entry;
      if (typeof taskId === 'string' && entry.taskId === taskId) return entry;
    }
    return undefined;
  };
  const wrapper = wrapTransport(inner, {
    receive(message, extra, deliver) {
      const record = message as { id?: RequestId; method?: unknown; params?: unknown };
      if (record.method === 'notifications/message') {
        const entry = logOf(record.params);
        if (entry !== undefined) callOf(message)?.listener.onLog?.(entry);
      } else if (record.method === undefined && record.id !== undefined) pending.delete(record.id);
      deliver(message, extra);
    },
    async send(message: JSONRPCMessage, options?: TransportSendOptions) {
      const record = message as {
        id?: RequestId;
        method?: unknown;
        params?: { _meta?: unknown; requestId?: unknown; taskId?: unknown };
      };
      // A request the client gave up on (2025: it says so) gets no answer: nothing is about it any more.
      if (record.method === 'notifications/cancelled') forget(record.params?.requestId);
      const listener = callStreamListenerOf(options?.onresumptiontoken);
      // The id the SDK gave the call's request, told to the call before anything can answer it (the trace's
      // `jsonrpc.request.id`); a listener that throws must not keep the request from going out.
      if (typeof record.method === 'string' && (typeof record.id === 'string' || typeof record.id === 'number'))
        try {
          listener?.onRequestSent?.({ method: record.method, id: record.id });
        } catch {
          // The call's bookkeeping only.
        }
      if (typeof record.method !== 'string' || record.id === undefined || listener?.onLog === undefined)
        return inner.send(message, options);
      const meta = record.params?._meta;
      const token = isObject(meta) ? meta['progressToken'] : undefined;
      const taskId = record.params?.taskId;
      const id = record.id;
      // A request cancelled by closing its stream (2026-07-28) is never answered either: keep the newest only.
      if (pending.size >= MAX_PENDING) forget(pending.keys().next().value);
      pending.set(id, {
        listener,
        ...((typeof token === 'string' || typeof token === 'number') && { progressToken: token }),
        ...(typeof taskId === 'string' && { taskId }),
      });
      try {
        await inner.send(message, options);
      } catch (error) {
        pending.delete(id);
        throw error;
      }
    },
    close: () => {
      pending.clear();
      return inner.close();
    },
  });
  return wrapper;
}

/** The log in `params` when it is one the client would take (a known level, a string logger if any). */
function logOf(params: unknown): ServerLogMessage | undefined {
  if (!isObject(params) || typeof params['level'] !== 'string' || !LEVELS.has(params['level'])) return undefined;
  const logger = params['logger'];
  if (logger !== undefined && typeof logger !== 'string') return undefined;
  return {
    level: params['level'] as ServerLogMessage['level'],
    ...(logger === undefined ? {} : { logger }),
    data: params['data'],
  };
}
