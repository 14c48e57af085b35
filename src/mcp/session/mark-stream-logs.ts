// Which request's response stream a server's log came on. The SDK's transport hands every message to the client
// the same way, whichever stream carried it, so the fetch under it marks each `notifications/message` of a
// request's own stream with that request's id, and a wrapper right round the transport takes the mark off again
// before anything records the message (the protocol log shows the wire as it was).
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { rewriteSseEvents } from '../http/rewrite-sse-events';
import { requestIdsOf } from './request-ids-of';
import { wrapTransport } from '../http/wrap-transport';

/** Known only inside this worker: a server cannot name a request with it. */
const MARK = `loupe-stream-of-${globalThis.crypto.randomUUID()}`;
/** The request whose stream carried each unmarked log message. */
const streamOfMessage = new WeakMap<object, string | number>();

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fetch under the transport: each log event on the event stream answering a POST of one request is marked. */
export function markStreamLogs(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const ids = (init?.method ?? 'GET').toUpperCase() === 'POST' ? requestIdsOf(init?.body) : [];
    const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    // A batch's stream answers several requests: which one a log is about is unknown, so none is named.
    const [id] = ids;
    if (!response.ok || response.body === null || !isStream || ids.length !== 1 || id === undefined) return response;
    return new Response(
      rewriteSseEvents(response.body, (data) => markLog(data, id)),
      { status: response.status, statusText: response.statusText, headers: response.headers },
    );
  };
}

function markLog(data: string, id: string | number): string | undefined {
  if (!data.includes('notifications/message')) return undefined;
  try {
    const message = JSON.parse(data) as unknown;
    if (!isObject(message) || message['method'] !== 'notifications/message' || !isObject(message['params']))
      return undefined;
    return JSON.stringify({ ...message, params: { ...message['params'], [MARK]: id } });
  } catch {
    return undefined;
  }
}

/** Wraps the SDK's transport itself (innermost): takes each mark off, remembering it for `streamRequestOf`. */
export function unmarkStreamLogs(inner: Transport): Transport {
  const wrapper = wrapTransport(inner, {
    receive(message, extra, deliver) {
      const params = (message as { params?: unknown }).params;
      if (isObject(params) && MARK in params) {
        const id = params[MARK];
        delete params[MARK];
        if (typeof id === 'string' || typeof id === 'number') streamOfMessage.set(message, id);
      }
      deliver(message, extra);
    },
    send: (message: JSONRPCMessage, options?: TransportSendOptions) => inner.send(message, options),
  });
  return wrapper;
}

/** The id of the request on whose own response stream `message` came, when `markStreamLogs` saw it there. */
export function streamRequestOf(message: JSONRPCMessage): string | number | undefined {
  return streamOfMessage.get(message);
}
