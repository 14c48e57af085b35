import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { recordTransport } from './record-transport';

/** A transport that keeps what reaches it. */
function createInner(extra: Partial<Transport> = {}) {
  const sent: { message: JSONRPCMessage; options: TransportSendOptions | undefined }[] = [];
  const inner: Transport = {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    send: (message, options) => {
      sent.push({ message, options });
      return Promise.resolve();
    },
    ...extra,
  };
  return { inner, sent };
}

describe('recordTransport passes through what the SDK reads from its transport', () => {
  it('says whether each request has its own stream (the 2026-07-28 cancel by closing it)', () => {
    const http = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:1/mcp'));
    expect(http.hasPerRequestStream).toBe(true);
    expect(recordTransport(http, () => {}).hasPerRequestStream).toBe(true);
    expect(recordTransport(createInner().inner, () => {}).hasPerRequestStream).toBe(false);
  });

  it('forwards the session id and the send options (a request signal) unchanged', async () => {
    const { inner, sent } = createInner({ sessionId: 'session-1' });
    const wrapped = recordTransport(inner, () => {});
    expect(wrapped.sessionId).toBe('session-1');
    const abort = new AbortController();
    const options: TransportSendOptions = { requestSignal: abort.signal, headers: { 'Mcp-Name': 'wait' } };
    await wrapped.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait' } }, options);
    expect(sent[0]?.options).toBe(options);
  });
});
