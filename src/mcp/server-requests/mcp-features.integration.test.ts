import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { RED_PIXEL_PNG, startFeaturesServer } from '../../../test/servers/features-server';
import type { ToolRunContext } from '../../engine/tool/tool';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';
import { SamplingDeclinedError, toSamplingResult } from './convert-sampling';
import type { McpClientHandlers } from './mcp-client-handlers';
import type { TrafficEntry } from '../../shared/traffic-entry';

const text = (output: { content: { type: string; text?: string }[] } | undefined) =>
  output?.content.map((part) => part.text ?? '').join('') ?? '';

describe('MCP features over streamable HTTP', () => {
  let server: McpHttpHandle;
  beforeAll(async () => {
    server = await startFeaturesServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function connect(handlers: McpClientHandlers): Promise<McpConnection> {
    return connectMcpServer({ id: 'f', name: 'features', url: server.url, headers: {} }, { handlers });
  }

  it('records every JSON-RPC message with the round-trip time of each answer', async () => {
    const traffic: TrafficEntry[] = [];
    const connection = await connect({ onTraffic: (entry) => traffic.push(entry) });
    // Auto era: the server/discover probe goes first; this 2025-era server refuses it over HTTP, so no answer is recorded.
    expect(traffic.map((entry) => `${entry.direction} ${entry.kind} ${entry.method ?? ''}`.trim())).toEqual([
      'sent request server/discover',
      'sent request initialize',
      'received response initialize',
      'sent notification notifications/initialized',
      'sent request tools/list',
      'received response tools/list',
    ]);
    const answer = traffic[2];
    expect(answer?.durationMs).toBeGreaterThanOrEqual(0);
    expect(answer?.id).toBe(traffic[1]?.id);
    expect(connection.serverCapabilities).toMatchObject({ logging: {}, resources: {}, prompts: {}, tools: {} });
    await connection.close();
  });

  it('hands log messages to the server log and to the call running then', async () => {
    const logs: unknown[] = [];
    const callLog: string[] = [];
    const connection = await connect({ onLog: (entry) => logs.push(entry) });
    const context: ToolRunContext = {
      signal: new AbortController().signal,
      onProgress: () => {},
      log: (level, message) => callLog.push(`${level} ${message}`),
    };
    const output = await connection.tools.find((tool) => tool.name === 'features__chatty')?.run({}, context);
    expect(text(output)).toBe('done');
    expect(logs).toEqual([
      { level: 'info', logger: 'chatty', data: 'starting work' },
      { level: 'warning', data: { step: 2, note: 'almost done' } },
    ]);
    expect(callLog).toEqual(['info chatty: starting work', 'warning {"step":2,"note":"almost done"}']);
    await connection.close();
  });

  it('answers elicitation with what the person accepted, the SDK filling omitted defaults', async () => {
    const asked: unknown[] = [];
    const connection = await connect({
      elicit: (params) => {
        asked.push(params);
        return Promise.resolve({ action: 'accept', content: { name: 'Grace' } });
      },
    });
    const output = await connection.tools
      .find((tool) => tool.name === 'features__book_table')
      ?.run(
        {},
        {
          signal: new AbortController().signal,
          onProgress: () => {},
          log: () => {},
        },
      );
    expect(asked).toMatchObject([
      { message: 'Booking details, please.', requestedSchema: { required: ['name', 'guests'] } },
    ]);
    expect(JSON.parse(text(output).replace('Booked: ', ''))).toEqual({
      name: 'Grace',
      guests: 2,
      seating: 'terrace',
      highChair: false,
    });
    await connection.close();
  });

  it('answers sampling with the model’s text, or refuses it when declined', async () => {
    let declined = false;
    const connection = await connect({
      sample: (params) => {
        if (declined) throw new SamplingDeclinedError();
        const first = params.messages[0]?.content;
        const asked = first !== undefined && !Array.isArray(first) && first.type === 'text' ? first.text : '';
        return Promise.resolve(toSamplingResult(`about ${asked}`, 'test-model', 'end_turn'));
      },
    });
    const tool = connection.tools.find((item) => item.name === 'features__summarise');
    const context = { signal: new AbortController().signal, onProgress: () => {}, log: () => {} };
    expect(text(await tool?.run({ topic: 'Oslo' }, context))).toBe('Summary from test-model: about Summarise Oslo.');
    declined = true;
    const refused = await tool?.run({ topic: 'Oslo' }, context);
    expect(text(refused)).toContain('Sampling refused');
    expect(text(refused)).toContain('declined');
    await connection.close();
  });

  it('lists and reads resources and gets a prompt with its arguments', async () => {
    const connection = await connect({});
    const { resources, templates } = await connection.browse.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['file:///packing-list.md', 'file:///red-pixel.png']);
    expect(templates).toEqual([{ uriTemplate: 'note://city/{city}', name: 'city-note', title: 'Note about a city' }]);
    expect(await connection.browse.readResource('file:///red-pixel.png')).toEqual([
      { uri: 'file:///red-pixel.png', mimeType: 'image/png', blob: RED_PIXEL_PNG },
    ]);
    expect(await connection.browse.readResource('note://city/Rome')).toEqual([
      { uri: 'note://city/Rome', text: 'Notes on Rome.' },
    ]);
    const { prompts } = await connection.browse.listPrompts();
    expect(prompts[0]).toMatchObject({
      name: 'plan-trip',
      arguments: [{ name: 'city', required: true }, { name: 'days' }],
    });
    expect(await connection.browse.getPrompt('plan-trip', { city: 'Oslo', days: '3' })).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Plan what to pack for 3 days in Oslo.' }] }],
    });
    await connection.setLogLevel('error');
    await connection.close();
  });
});
