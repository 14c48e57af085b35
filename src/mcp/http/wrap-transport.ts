// A transport around the SDK's own that sees or changes the traffic on its way through; the SDK-facing
// properties (session id, per-request streams, protocol version) and close always pass through.
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';

/** Hands an incoming message (the one received, or another) on to the client. */
export type DeliverMessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

/** What a wrapping transport does with the traffic; what it leaves out passes through unchanged. */
export interface TransportWrapping {
  /** Each incoming message; `deliver` hands it (or another) on to the client. */
  receive?: (message: JSONRPCMessage, extra: MessageExtraInfo | undefined, deliver: DeliverMessage) => void;
  /** Each outgoing message, with the SDK's send options; it sends on through `inner` itself. */
  send?: (message: JSONRPCMessage, options: TransportSendOptions | undefined) => Promise<void>;
  /** Closing; it closes `inner` itself. */
  close?: () => Promise<void>;
}

/**
 * Wraps `inner`: incoming messages go through `wrapping.receive`, outgoing ones through `wrapping.send`, closing
 * through `wrapping.close`; errors and the SDK-facing properties pass through. `inner` keeps its own identity (it is what callers close or
 * terminate).
 */
export function wrapTransport(inner: Transport, wrapping: TransportWrapping): Transport {
  const deliver: DeliverMessage = (message, extra) => wrapper.onmessage?.(message, extra);
  const wrapper: Transport = {
    get sessionId() {
      return inner.sessionId;
    },
    // The SDK reads this to cancel a 2026-07-28 request by aborting its own POST stream (as that revision says)
    // instead of sending `notifications/cancelled`; hidden, every cancel would fall back to the notification.
    get hasPerRequestStream() {
      return inner.hasPerRequestStream === true;
    },
    setProtocolVersion: (version: string) => inner.setProtocolVersion?.(version),
    async start() {
      const { receive } = wrapping;
      inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) =>
        receive === undefined ? deliver(message, extra) : receive(message, extra, deliver);
      inner.onclose = () => wrapper.onclose?.();
      inner.onerror = (error: Error) => wrapper.onerror?.(error);
      await inner.start();
    },
    send: (message: JSONRPCMessage, options?: TransportSendOptions) =>
      wrapping.send === undefined ? inner.send(message, options) : wrapping.send(message, options),
    close: () => (wrapping.close === undefined ? inner.close() : wrapping.close()),
  };
  return wrapper;
}
