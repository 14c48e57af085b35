// A test MCP server for fault tests, in both eras on one URL (SDK v1 stateful 2025 leg, SDK v2 stateless
// 2026-07-28 leg): `hold` logs one line (so its answer stream has begun) and then waits for its call's cancel, or
// `releaseAfterMs` when given; `echo` answers at once.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as ModernMcpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle } from '../../server/serve-mcp-http';

/** Hears each `hold` call once its answer stream has its first line. */
export type OnHold = () => void;

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

const until = (signal: AbortSignal, releaseAfterMs?: number) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    if (releaseAfterMs !== undefined) setTimeout(resolve, releaseAfterMs);
  });

const holdInput = { releaseAfterMs: z.number().int().min(0).max(10_000).optional() };

function createLegacy(onHold: OnHold): McpServer {
  const server = new McpServer({ name: 'fault-legacy', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool(
    'hold',
    { description: 'Holds the call open.', inputSchema: holdInput, annotations: { readOnlyHint: true } },
    async ({ releaseAfterMs }, extra) => {
      await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'holding' } });
      onHold();
      await until(extra.signal, releaseAfterMs);
      return text('released');
    },
  );
  server.registerTool(
    'echo',
    { description: 'Answers at once.', inputSchema: { text: z.string() } },
    ({ text: said }) => text(`echo: ${said}`),
  );
  return server;
}

function createModern(onHold: OnHold): ModernMcpServer {
  const server = new ModernMcpServer({ name: 'fault-modern', version: '2.0.0' }, { capabilities: { logging: {} } });
  server.registerTool(
    'hold',
    { description: 'Holds the call open.', inputSchema: z.object(holdInput), annotations: { readOnlyHint: true } },
    async ({ releaseAfterMs }, context) => {
      await context.mcpReq.log('info', 'holding');
      onHold();
      await until(context.mcpReq.signal, releaseAfterMs);
      return text('released');
    },
  );
  server.registerTool(
    'echo',
    { description: 'Answers at once.', inputSchema: z.object({ text: z.string() }) },
    ({ text: said }) => text(`echo: ${said}`),
  );
  return server;
}

/** Serves both eras on one URL on 127.0.0.1 (`port` 0 = a free one, as for a restart on the same port). */
export function startFaultServer(onHold: OnHold = () => {}, port = 0): Promise<McpHttpHandle> {
  return serveMcpHttp(() => createLegacy(onHold), { port, modern: () => createModern(onHold) });
}
