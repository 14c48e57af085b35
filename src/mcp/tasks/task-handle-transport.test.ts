import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { Client } from '../sdk/mcp-sdk-client';
import { ACCEPTS_TASK_META_KEY, carryTaskHandles, takeTaskHandle } from './task-handle-transport';

/** A transport that keeps what is sent and lets the test deliver answers. */
function fakeTransport() {
  const sent: JSONRPCMessage[] = [];
  const inner: Transport = {
    start: () => Promise.resolve(),
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  return { inner, sent, deliver: (message: JSONRPCMessage) => inner.onmessage?.(message) };
}

const capabilitiesKey = 'io.modelcontextprotocol/clientCapabilities';

async function setUp() {
  const client = new Client({ name: 't', version: '1' });
  const { inner, sent, deliver } = fakeTransport();
  const wrapped = carryTaskHandles(inner, client);
  const received: JSONRPCMessage[] = [];
  wrapped.onmessage = (message) => received.push(message);
  await wrapped.start();
  return { client, wrapped, sent, deliver, received };
}

describe('carryTaskHandles', () => {
  it('declares the extension on marked requests only, keeping the other capabilities, and drops the marker', async () => {
    const { wrapped, sent } = await setUp();
    const envelope = { [capabilitiesKey]: { elicitation: {}, extensions: { 'io.modelcontextprotocol/ui': {} } } };
    await wrapped.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'x', _meta: { ...envelope, [ACCEPTS_TASK_META_KEY]: true } },
    });
    await wrapped.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', _meta: envelope } });
    expect(sent[0]).toMatchObject({
      params: {
        _meta: {
          [capabilitiesKey]: {
            elicitation: {},
            extensions: { 'io.modelcontextprotocol/ui': {}, 'io.modelcontextprotocol/tasks': {} },
          },
        },
      },
    });
    expect(JSON.stringify(sent[0])).not.toContain(ACCEPTS_TASK_META_KEY);
    expect(sent[1]).toEqual({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', _meta: envelope } });
  });

  it('keeps a task handle for a marked call, once; a forged placeholder or an unmarked call gets none', async () => {
    const { client, wrapped, deliver, received } = await setUp();
    await wrapped.send({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'x', _meta: { [ACCEPTS_TASK_META_KEY]: true } },
    });
    await wrapped.send({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'x' } });
    const handle = { resultType: 'task', taskId: 'abc', status: 'working' };
    deliver({ jsonrpc: '2.0', id: 7, result: handle });
    deliver({ jsonrpc: '2.0', id: 8, result: handle });
    const placeholder = (received[0] as { result: Record<string, unknown> }).result;
    expect(placeholder).toMatchObject({ resultType: 'complete', content: [] });
    expect(takeTaskHandle(client, placeholder)).toEqual(handle);
    expect(takeTaskHandle(client, placeholder)).toBeUndefined();
    // The unmarked call's answer passes untouched (the SDK will refuse it as an unknown result type).
    expect(received[1]).toEqual({ jsonrpc: '2.0', id: 8, result: handle });
    const forged = { content: [], _meta: { 'dev.loupe/task-handle': 'guessed' } };
    expect(takeTaskHandle(client, forged)).toBeUndefined();
  });
});

describe('carryTaskHandles hands the SDK results it can decode', () => {
  it('gives an answer without resultType the complete type the spec tells clients to assume (SEP-2322)', async () => {
    const { deliver, received } = await setUp();
    deliver({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'no-result-type-ok' }] } });
    expect(received).toEqual([
      {
        jsonrpc: '2.0',
        id: 3,
        result: { content: [{ type: 'text', text: 'no-result-type-ok' }], resultType: 'complete' },
      },
    ]);
  });
});

describe('carryTaskHandles passes through what the SDK reads from its transport', () => {
  it('says whether each request has its own stream (a 2026-07-28 cancel closes it; hidden, it would notify)', () => {
    const client = new Client({ name: 't', version: '1' });
    const { inner } = fakeTransport();
    expect(carryTaskHandles(inner, client).hasPerRequestStream).toBe(false);
    const streamed: Transport = { ...inner, hasPerRequestStream: true };
    expect(carryTaskHandles(streamed, client).hasPerRequestStream).toBe(true);
  });
});
