import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../server/demo-server';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { startFeaturesServer } from '../../../test/servers/features-server';
import { startModernServer } from '../../../test/servers/modern-server';
import type { ToolRunContext } from '../../engine/tool/tool';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { createEraMemory } from './mcp-era';
import { McpConnectionError } from '../connection/mcp-connection-error';
import type { TrafficEntry } from '../../shared/traffic-entry';

const createTestContext = (): ToolRunContext => ({
  signal: new AbortController().signal,
  onProgress: () => {},
  log: () => {},
});

describe('MCP eras', () => {
  let modern: McpHttpHandle;
  let demo: McpHttpHandle;
  let legacy: McpHttpHandle;
  beforeAll(async () => {
    [modern, demo, legacy] = await Promise.all([startModernServer(), startDemoServer(), startFeaturesServer()]);
  });
  afterAll(async () => {
    await Promise.all([modern.close(), demo.close(), legacy.close()]);
  });

  const config = (url: string, era?: 'auto' | '2026-07-28' | '2025') => ({
    id: 's',
    name: 's',
    url,
    headers: {},
    ...(era === undefined ? {} : { era }),
  });

  it('speaks 2026-07-28 to a modern-only server and answers its input_required elicitation', async () => {
    const asked: string[] = [];
    const connection = await connectMcpServer(config(modern.url), {
      handlers: {
        elicit: (params) => {
          asked.push(params.message);
          return Promise.resolve({ action: 'accept', content: { name: 'Ada', guests: 3 } });
        },
      },
    });
    try {
      expect(connection.era).toBe('modern');
      expect(connection.protocolVersion).toBe('2026-07-28');
      expect(connection.serverInfo.name).toBe('modern');
      const reserve = connection.createTool('reserve', 'reserve');
      const output = await reserve?.run({}, createTestContext());
      expect(asked).toEqual(['Reservation details, please.']);
      expect(JSON.stringify(output?.content)).toContain('Reserved: {\\"name\\":\\"Ada\\",\\"guests\\":3}');
    } finally {
      await connection.close();
    }
  });

  it('refuses a modern-only server when told to speak the 2025 era', async () => {
    await expect(connectMcpServer(config(modern.url, '2025'))).rejects.toBeInstanceOf(McpConnectionError);
  });

  it('falls back to initialize for a 2025-era server in auto, and refuses it when pinned to 2026-07-28', async () => {
    const connection = await connectMcpServer(config(legacy.url));
    expect(connection.era).toBe('legacy');
    expect(connection.protocolVersion).toMatch(/^2025-/);
    await connection.close();
    await expect(connectMcpServer(config(legacy.url, '2026-07-28'))).rejects.toBeInstanceOf(McpConnectionError);
  });

  it('serves the demo in both eras, and a remembered era skips the probe on reconnect', async () => {
    const eraMemory = createEraMemory();
    const first: TrafficEntry[] = [];
    const modernDemo = await connectMcpServer(config(demo.url), {
      eraMemory,
      handlers: { onTraffic: (entry) => first.push(entry) },
    });
    expect(modernDemo.era).toBe('modern');
    expect(first.some((entry) => entry.method === 'server/discover')).toBe(true);
    const weather = modernDemo.createTool('weather.get', 'weather');
    expect(JSON.stringify((await weather?.run({ city: 'Paris' }, createTestContext()))?.content)).toContain('Paris');
    await modernDemo.close();

    const again: TrafficEntry[] = [];
    const reconnected = await connectMcpServer(config(demo.url), {
      eraMemory,
      handlers: { onTraffic: (entry) => again.push(entry) },
    });
    expect(reconnected.era).toBe('modern');
    expect(again.map((entry) => entry.method)).not.toContain('server/discover');
    await reconnected.close();

    const legacyDemo = await connectMcpServer(config(demo.url, '2025'));
    expect(legacyDemo.era).toBe('legacy');
    const advise = legacyDemo.createTool('clothing.advise', 'advise');
    const advice = await advise?.run({ temperatureC: 20, conditions: 'sunny' }, createTestContext());
    expect(JSON.stringify(advice?.content)).toContain('warm');
    await legacyDemo.close();
  });
  it('mirrors x-mcp-header parameters into Mcp-Param-* headers and leaves out badly marked tools, with a notice', async () => {
    const traffic: TrafficEntry[] = [];
    const connection = await connectMcpServer(config(modern.url), {
      handlers: { onTraffic: (entry) => traffic.push(entry) },
    });
    try {
      expect(connection.listedTools.map((tool) => tool.name)).not.toContain('badly_marked');
      expect(connection.listingNotice).toMatch(/Left out 1 tool with invalid x-mcp-header marks: "badly_marked"/);
      const route = connection.createTool('route', 'route');
      const output = await route?.run({ region: 'eu west ☂' }, createTestContext());
      expect(output?.isError).not.toBe(true);
      expect(JSON.stringify(output?.content)).toContain('routed to eu west ☂');
      // The protocol log shows the era and the headers the request travelled with.
      const sent = traffic.find((entry) => entry.direction === 'sent' && entry.method === 'tools/call');
      expect(sent?.era).toBe('modern');
      expect(sent?.headers).toEqual({
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'route',
        'Mcp-Param-Region': `=?base64?${Buffer.from('eu west ☂').toString('base64')}?=`,
      });
      const answer = traffic.find((entry) => entry.direction === 'received' && entry.method === 'tools/call');
      expect(answer?.era).toBe('modern');
      expect(answer?.headers).toBeUndefined();
    } finally {
      await connection.close();
    }
  });
});
