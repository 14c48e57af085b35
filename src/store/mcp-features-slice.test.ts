import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../protocol/messages';
import { MAX_LOG_ENTRIES, resourceToBlocks } from './mcp-features-slice';
import { connectServers } from './testing/connect-servers';
import { FakeEngineClient } from './testing/fake-engine-client';
import { createTestStore } from './testing/create-test-store';

describe('MCP features in the store', () => {
  it('keeps the newest log entries per server and queues requests until they are answered or settled', async () => {
    const client = new FakeEngineClient({ 'elicitation-answer': () => null });
    const store = createTestStore(client);
    for (let index = 0; index <= MAX_LOG_ENTRIES; index++)
      client.emit({
        v: PROTOCOL_VERSION,
        type: 'mcp-feature',
        event: { kind: 'log', entry: { serverId: 's', at: index, level: 'info', data: `line ${index}` } },
      });
    const logs = store.getState().mcpLogs['s'] ?? [];
    expect(logs).toHaveLength(MAX_LOG_ENTRIES);
    expect(logs[0]?.data).toBe('line 1');

    const prompt = {
      requestId: 'r1',
      serverId: 's',
      serverName: 'features',
      message: 'Name?',
      requestedSchema: { type: 'object' as const, properties: {} },
    };
    client.emit({ v: PROTOCOL_VERSION, type: 'mcp-feature', event: { kind: 'elicitation-request', prompt } });
    client.emit({
      v: PROTOCOL_VERSION,
      type: 'mcp-feature',
      event: { kind: 'elicitation-request', prompt: { ...prompt, requestId: 'r2' } },
    });
    await store.getState().answerElicitation('r1', { action: 'decline' });
    expect(client.sent('elicitation-answer')).toEqual([
      { type: 'elicitation-answer', requestId: 'r1', answer: { action: 'decline' } },
    ]);
    client.emit({ v: PROTOCOL_VERSION, type: 'mcp-feature', event: { kind: 'request-settled', requestId: 'r2' } });
    expect(store.getState().elicitations).toEqual([]);
  });

  it('sends attached resources with the next run only', async () => {
    const client = new FakeEngineClient({
      'mcp-resource-read': () => ({ contents: [{ uri: 'file:///a.md', text: 'A' }] }),
      'run-start': () => null,
    });
    const store = createTestStore(client);
    expect(await store.getState().attachResource('s', 'file:///a.md')).toBe(1);
    connectServers(store, client);
    await store.getState().run();
    expect(client.sent('run-start')[0]).toMatchObject({
      attachments: [{ type: 'text', text: 'Resource file:///a.md:\nA' }],
    });
    expect(store.getState().attachments).toEqual([]);
  });

  it('turns resource parts into text, images, or a note for other binaries', () => {
    expect(
      resourceToBlocks([
        { uri: 'a', text: 'hello' },
        { uri: 'b', mimeType: 'image/png', blob: 'AAAA' },
        { uri: 'c', mimeType: 'application/zip', blob: 'AAAA' },
      ]),
    ).toEqual([
      { type: 'text', text: 'Resource a:\nhello' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
      { type: 'text', text: '[Resource c (application/zip) is binary and was left out.]' },
    ]);
  });
});
