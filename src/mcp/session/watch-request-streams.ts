// Ends a request whose response stream was lost at once, instead of leaving it to its timeout (the SDK does not).
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { callStreamListenerOf, type StreamLossListener } from './call-stream-notes';
import { describeConnectionLoss } from './describe-connection-loss';
import { requestIdsOf } from './request-ids-of';
import { scheduleWithTimers, type Schedule } from './schedule';
import { wrapTransport } from '../http/wrap-transport';

/** JSON-RPC code of the answer the watch gives a lost request (the SDK's own "connection closed"). */
const LOST_CODE = -32000;
/** Known only inside this worker: a server cannot make its own error look like a lost connection. */
const LOST_MARK = globalThis.crypto.randomUUID();

/** The reason when `error` is the answer the watch gave a request whose stream was lost, else undefined. */
export function lostStreamReasonOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as { loupeLost?: unknown; reason?: unknown };
  return record.loupeLost === LOST_MARK && typeof record.reason === 'string' ? record.reason : undefined;
}

/** What `watchRequestStreams` needs. */
export interface WatchRequestStreamsOptions {
  /** Hears every loss on this connection (a call's or the standalone stream's) and every resumption. */
  connection?: StreamLossListener;
  /** Time a lost stream that carried event ids gets to resume before its request fails. Default 1 500 ms. */
  resumeWithinMs?: number;
  schedule?: Schedule;
}

interface Watched {
  lastEventId?: string;
  /** Why its stream broke, once it did. */
  lossReason?: string;
  notes?: StreamLossListener;
  cancelDeadline?: () => void;
}

/** A transport wrapper and the fetch to give the transport under it, sharing what they see. */
export interface RequestStreamWatch {
  /** Wrap the transport the client talks to (outermost, so the answers it makes up reach no traffic log). */
  wrap(inner: Transport): Transport;
  /** Wrap the transport's fetch: it sees each response body break, and each resumption the SDK sends. */
  fetch(inner: typeof fetch): typeof fetch;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

/**
 * Watches the response stream of every request on one streamable-HTTP connection. The SDK's transport, when a
 * POST's event stream breaks before the answer, resumes it with `Last-Event-ID` if the server gave event ids and
 * otherwise only reports it to `onerror`: the request waits for its timeout. Here a broken stream without event
 * ids fails its request at once, as an answer from the transport (`lostStreamReasonOf` reads it); one with event
 * ids is left to the SDK's resumption for `resumeWithinMs`, then fails the same way. Each loss and resumption is
 * told to the connection and to the call (`createCallStreamNotes`); a request already answered is never touched.
 */
export function watchRequestStreams(options: WatchRequestStreamsOptions = {}): RequestStreamWatch {
  const schedule = options.schedule ?? scheduleWithTimers;
  const resumeWithinMs = options.resumeWithinMs ?? 1_500;
  const watched = new Map<string | number, Watched>();
  let deliver: ((message: JSONRPCMessage) => void) | undefined;

  const fail = (id: string | number, reason: string) => {
    const entry = watched.get(id);
    if (entry === undefined) return;
    entry.cancelDeadline?.();
    watched.delete(id);
    deliver?.({
      jsonrpc: '2.0',
      id,
      error: { code: LOST_CODE, message: reason, data: { loupeLost: LOST_MARK, reason } },
    });
  };
  /** A stream broke (`error`); the SDK ends a request that had no event ids itself (`onRequestStreamEnd`). */
  const lose = (ids: readonly (string | number)[], reason: string) => {
    const open = ids.filter((id) => watched.has(id));
    if (ids.length > 0 && open.length === 0) return;
    options.connection?.onLost?.(
      reason,
      open.some((id) => watched.get(id)?.lastEventId !== undefined),
    );
    for (const id of open) {
      const entry = watched.get(id);
      if (entry === undefined) continue;
      entry.lossReason = reason;
      entry.notes?.onLost?.(reason, entry.lastEventId !== undefined);
      if (entry.lastEventId === undefined) continue;
      entry.cancelDeadline?.();
      entry.cancelDeadline = schedule(
        () => fail(id, `${reason}; resuming the stream from event ${entry.lastEventId} did not succeed`),
        resumeWithinMs,
      );
    }
  };

  /** The body as the transport reads it; a break that was not Loupe's own abort is a loss of `ids`. */
  const observe = (
    body: ReadableStream<Uint8Array>,
    ids: readonly (string | number)[],
    signal?: AbortSignal | null,
  ) => {
    const reader = body.getReader();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { value, done } = await reader.read();
          if (done) {
            controller.close();
            // The standalone stream ending is the server going away; a request's stream ending is the SDK's to judge.
            if (ids.length === 0 && signal?.aborted !== true) lose(ids, describeConnectionLoss(undefined));
            return;
          }
          controller.enqueue(value);
        } catch (error) {
          if (signal?.aborted !== true) lose(ids, describeConnectionLoss(error));
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
  };

  return {
    wrap(inner) {
      const wrapper = wrapTransport(inner, {
        receive(message, extra, handOn) {
          const record = message as { id?: string | number; method?: unknown };
          if (record.method === undefined && record.id !== undefined) {
            watched.get(record.id)?.cancelDeadline?.();
            watched.delete(record.id);
          }
          handOn(message, extra);
        },
        async send(message: JSONRPCMessage, sendOptions?: TransportSendOptions) {
          const record = message as { id?: string | number; method?: unknown };
          if (typeof record.method !== 'string' || record.id === undefined) return inner.send(message, sendOptions);
          const id = record.id;
          const original = sendOptions?.onresumptiontoken;
          const notes = callStreamListenerOf(original);
          const entry: Watched = notes === undefined ? {} : { notes };
          watched.set(id, entry);
          try {
            await inner.send(message, {
              ...sendOptions,
              onresumptiontoken: (token) => {
                entry.lastEventId = token;
                original?.(token);
              },
              onRequestStreamEnd: () => {
                sendOptions?.onRequestStreamEnd?.();
                // The SDK gave up resuming (or had nothing to resume from) and the answer never came.
                if (watched.get(id) === entry) fail(id, entry.lossReason ?? describeConnectionLoss(undefined));
              },
            });
          } catch (error) {
            watched.delete(id);
            entry.cancelDeadline?.();
            throw error;
          }
        },
      });
      // A stream that failed is answered on the newest wrapped transport (the session's current one).
      deliver = (message) => wrapper.onmessage?.(message);
      return wrapper;
    },
    fetch(inner) {
      return async (input, init) => {
        const method = (init?.method ?? 'GET').toUpperCase();
        const resumingFrom = method === 'GET' ? headerOf(init, 'last-event-id') : null;
        const ids =
          method === 'POST'
            ? requestIdsOf(init?.body)
            : resumingFrom === null
              ? []
              : [...watched].flatMap(([id, entry]) => (entry.lastEventId === resumingFrom ? [id] : []));
        const response = await inner(input, init);
        const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
        if (!response.ok || response.body === null || !isStream || (method === 'POST' && ids.length === 0))
          return response;
        if (resumingFrom !== null) {
          options.connection?.onResumed?.();
          for (const id of ids) {
            const entry = watched.get(id);
            entry?.cancelDeadline?.();
            if (entry !== undefined) delete entry.cancelDeadline;
            entry?.notes?.onResumed?.();
          }
        }
        return new Response(observe(response.body, ids, init?.signal), {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      };
    },
  };
}
