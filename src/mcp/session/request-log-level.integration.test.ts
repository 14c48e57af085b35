import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeaturesServer } from '../../../test/servers/features-server';
import { startModernServer } from '../../../test/servers/modern-server';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import type { ToolRunContext } from '../../engine/tool/tool';
import { connectMcpServer } from '../connection/connect-mcp-server';
import type { TrafficEntry } from '../../shared/traffic-entry';

const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';

function createContext(logs: string[]): ToolRunContext {
  return { signal: new AbortController().signal, onProgress: () => {}, log: (_level, message) => logs.push(message) };
}

const metaOf = (entry: TrafficEntry) =>
  (entry.message as { params?: { _meta?: Record<string, unknown> } }).params?._meta ?? {};

describe('the log level on each era', () => {
  let modern: McpHttpHandle;
  let legacy: McpHttpHandle;
  const methodHeaders: string[] = [];
  beforeAll(async () => {
    [modern, legacy] = await Promise.all([
      startModernServer({
        onRequest: (request) => {
          const method = request.headers['mcp-method'];
          if (typeof method === 'string') methodHeaders.push(method);
        },
      }),
      startFeaturesServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([modern.close(), legacy.close()]);
  });

  it('on 2026-07-28 sends the level in every request’s _meta, never logging/setLevel, and the server honours it', async () => {
    const traffic: TrafficEntry[] = [];
    const connection = await connectMcpServer(
      { id: 'm', name: 'm', url: modern.url, headers: {} },
      { handlers: { onTraffic: (entry) => traffic.push(entry) } },
    );
    try {
      expect(connection.era).toBe('modern');
      const chatty = connection.createTool('chatty', 'chatty');
      // Until a level is picked, everything is asked for (what a 2025 server sends without setLevel).
      const before: string[] = [];
      const first = await chatty?.run({}, createContext(before));
      expect(JSON.stringify(first?.content)).toContain('log level asked: debug');
      expect(before).toEqual(['debug message', 'info message', 'warning message']);

      await connection.setLogLevel('warning');
      const after: string[] = [];
      const second = await chatty?.run({}, createContext(after));
      expect(JSON.stringify(second?.content)).toContain('log level asked: warning');
      expect(after).toEqual(['warning message']);

      const sentRequests = traffic.filter((entry) => entry.direction === 'sent' && entry.kind === 'request');
      expect(sentRequests.map((entry) => entry.method)).not.toContain('logging/setLevel');
      // Every request after discovery carries a level; the last call carries the one picked.
      const afterDiscover = sentRequests.filter((entry) => entry.method !== 'server/discover');
      expect(afterDiscover.length).toBeGreaterThan(2);
      for (const entry of afterDiscover) expect(metaOf(entry)[LOG_LEVEL_KEY]).toMatch(/^(debug|warning)$/);
      expect(metaOf(afterDiscover.at(-1) as TrafficEntry)[LOG_LEVEL_KEY]).toBe('warning');
      // What the server saw on the wire (the Mcp-Method header of every POST) has no setLevel either.
      expect(methodHeaders).toContain('tools/call');
      expect(methodHeaders).not.toContain('logging/setLevel');
    } finally {
      await connection.close();
    }
  });

  it('on a 2025-era connection still sends logging/setLevel and no per-request level', async () => {
    const traffic: TrafficEntry[] = [];
    const connection = await connectMcpServer(
      { id: 'l', name: 'l', url: legacy.url, headers: {} },
      { handlers: { onTraffic: (entry) => traffic.push(entry) } },
    );
    try {
      expect(connection.era).toBe('legacy');
      await connection.setLogLevel('error');
      const sent = traffic.filter((entry) => entry.direction === 'sent' && entry.kind === 'request');
      expect(sent.map((entry) => entry.method)).toContain('logging/setLevel');
      for (const entry of sent) expect(metaOf(entry)[LOG_LEVEL_KEY]).toBeUndefined();
    } finally {
      await connection.close();
    }
  });
});
