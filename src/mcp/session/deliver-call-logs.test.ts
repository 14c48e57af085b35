import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ServerLogMessage } from '../server-requests/mcp-client-handlers';
import { createCallStreamNotes } from './call-stream-notes';
import { deliverCallLogs } from './deliver-call-logs';

/** A transport that sends nowhere; `receive` plays a message from the server. */
function fakeTransport() {
  const transport: Transport = { start: async () => {}, send: async () => {}, close: async () => {} };
  return { transport, receive: (message: JSONRPCMessage) => transport.onmessage?.(message) };
}

const log = (data: string, meta?: Record<string, unknown>): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { level: 'info', data, ...(meta === undefined ? {} : { _meta: meta }) },
});

async function setUp() {
  const inner = fakeTransport();
  const outer = deliverCallLogs(inner.transport);
  const reachedClient: JSONRPCMessage[] = [];
  outer.onmessage = (message) => reachedClient.push(message);
  await outer.start();
  const heard: Record<string, ServerLogMessage[]> = { a: [], b: [] };
  const send = (call: 'a' | 'b', id: number, method: string, params: Record<string, unknown>) => {
    const notes = createCallStreamNotes({ onLog: (entry) => heard[call]?.push(entry) });
    return outer.send(
      { jsonrpc: '2.0', id, method, params },
      {
        onresumptiontoken: notes.onresumptiontoken,
      },
    );
  };
  return { outer, receive: inner.receive, reachedClient, heard, send };
}

describe('deliverCallLogs', () => {
  it('gives a log naming a call’s progress token or task to that call, and every log to the client', async () => {
    const { receive, reachedClient, heard, send } = await setUp();
    await send('a', 1, 'tools/call', { name: 'x', _meta: { progressToken: 1 } });
    await send('b', 2, 'tasks/result', { taskId: 'task-b' });
    receive(log('for a', { progressToken: 1 }));
    receive(log('for b', { 'io.modelcontextprotocol/related-task': { taskId: 'task-b' } }));
    receive(log('for nobody', { progressToken: 99 }));
    receive(log('plain'));
    expect(heard['a']?.map((entry) => entry.data)).toEqual(['for a']);
    expect(heard['b']?.map((entry) => entry.data)).toEqual(['for b']);
    expect(reachedClient).toHaveLength(4);
  });

  it('forgets a request once answered or cancelled, and ignores a log the client would refuse', async () => {
    const { receive, heard, send, outer } = await setUp();
    await send('a', 1, 'tools/call', { _meta: { progressToken: 1 } });
    await send('b', 2, 'tools/call', { _meta: { progressToken: 2 } });
    receive({ jsonrpc: '2.0', id: 1, result: {} });
    await outer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    receive(log('late for a', { progressToken: 1 }));
    receive(log('late for b', { progressToken: 2 }));
    await send('a', 3, 'tools/call', { _meta: { progressToken: 3 } });
    receive({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'loud', data: 'bad level', _meta: { progressToken: 3 } },
    });
    expect(heard).toEqual({ a: [], b: [] });
  });
});
