// Wraps an MCP transport so every JSON-RPC message, sent or received, is recorded with its timing.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { wireHeadersOf } from './wire-headers';
import type { TrafficEntry } from '../../shared/traffic-entry';
import { wrapTransport } from './wrap-transport';

function describe(message: JSONRPCMessage): Pick<TrafficEntry, 'kind' | 'method' | 'id'> {
  const record = message as { id?: string | number; method?: string; error?: unknown };
  if (record.method !== undefined)
    return record.id === undefined
      ? { kind: 'notification', method: record.method }
      : { kind: 'request', method: record.method, id: record.id };
  return {
    kind: record.error === undefined ? 'response' : 'error',
    ...(record.id === undefined ? {} : { id: record.id }),
  };
}

/** Rewrites of the messages passing a recorded transport, applied before they are recorded. */
export interface TransportRewrites {
  /** Each outgoing message (e.g. the 2026-07-28 per-request log level added to a request's `_meta`). */
  sent?: (message: JSONRPCMessage) => JSONRPCMessage;
  /** Each incoming message, before the client reads it. */
  received?: (message: JSONRPCMessage) => JSONRPCMessage;
}

/**
 * A transport that forwards everything to `inner` and calls `record` for each message in either direction.
 * Requests are remembered by direction and id, so the answer to each carries its round-trip time (and the
 * method it answers). `now` is the clock (default `Date.now`). `rewrites` change messages on their way
 * through; what is recorded is what went on the wire (sent) or what the client was handed (received). The
 * inner transport keeps its own identity (session id, protocol version) and is what callers close or terminate;
 * `sessionId`, `hasPerRequestStream` and `setProtocolVersion` are passed through, and `send` options (a request's
 * abort signal, its headers) reach `inner` unchanged. `setSupportedProtocolVersions` is deliberately not: passed
 * through, a 2025-era call whose progress should keep it alive timed out (connect-mcp-server.integration.test.ts,
 * "times out a call that takes too long"); why is not yet known.
 */
export function recordTransport(
  inner: Transport,
  record: (entry: TrafficEntry<JSONRPCMessage>) => void,
  now: () => number = Date.now,
  rewrites: TransportRewrites = {},
): Transport {
  const pending = new Map<string, { at: number; method?: string }>();
  const note = (direction: TrafficEntry['direction'], message: JSONRPCMessage, options?: TransportSendOptions) => {
    const at = now();
    const described = describe(message);
    const headers = direction === 'sent' ? wireHeadersOf(message, options) : undefined;
    const entry: TrafficEntry<JSONRPCMessage> = {
      at,
      direction,
      ...described,
      ...(headers === undefined ? {} : { headers }),
      message: boundedForLog(message),
    };
    if (described.kind === 'request' && described.id !== undefined) {
      pending.set(`${direction}:${String(described.id)}`, {
        at,
        ...(described.method ? { method: described.method } : {}),
      });
    } else if ((described.kind === 'response' || described.kind === 'error') && described.id !== undefined) {
      // An answer travels the other way from its request.
      const key = `${direction === 'sent' ? 'received' : 'sent'}:${String(described.id)}`;
      const request = pending.get(key);
      if (request !== undefined) {
        pending.delete(key);
        entry.durationMs = at - request.at;
        if (request.method !== undefined) entry.method = request.method;
      }
    }
    try {
      record(entry);
    } catch {
      // A failing recorder must never break the connection it watches.
    }
  };

  return wrapTransport(inner, {
    receive(raw, extra, deliver) {
      const message = rewrites.received === undefined ? raw : rewrites.received(raw);
      note('received', message);
      deliver(message, extra);
    },
    async send(original: JSONRPCMessage, options?: TransportSendOptions) {
      const message = rewrites.sent === undefined ? original : rewrites.sent(original);
      note('sent', message, options);
      await inner.send(message, options);
    },
  });
}

/** Messages larger than this are logged without their payload (a 20 MB image must not flood the UI's log). */
export const MAX_LOGGED_MESSAGE_CHARS = 256 * 1024;

/** `message`, or a copy without its `result` / `params` when its JSON passes `MAX_LOGGED_MESSAGE_CHARS`. */
function boundedForLog(message: JSONRPCMessage): JSONRPCMessage {
  const size = JSON.stringify(message).length;
  if (size <= MAX_LOGGED_MESSAGE_CHARS) return message;
  const { result: _result, params: _params, ...rest } = message as Record<string, unknown>;
  const note = `payload of ${size} characters left out of the log`;
  return {
    ...rest,
    ...('result' in message ? { result: { _loupe: note } } : { params: { _loupe: note } }),
  } as unknown as JSONRPCMessage;
}
