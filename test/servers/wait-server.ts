// A test MCP server for cancellation in both eras: the modern leg is `test/servers/modern-server.ts` (its `wait`
// tool), the 2025-era leg a stateful SDK v1 server with the same tool. Each reports when a call starts and when
// its handler's abort signal fires.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { serveMcpHttp, type McpHttpHandle } from '../../server/serve-mcp-http';
import { createModernMcpServer, type WaitEvent } from './modern-server';

/** A 2025-era server (name `legacy-wait`) whose `wait` tool answers only once its call is cancelled. */
function createLegacyWaitServer(onWait: (event: WaitEvent) => void): McpServer {
  const server = new McpServer({ name: 'legacy-wait', version: '1.0.0' });
  server.registerTool(
    'wait',
    { description: 'Waits until the call is cancelled, then says so.', inputSchema: {} },
    async (_input, extra) => {
      onWait('started');
      await new Promise<void>((resolve) => {
        if (extra.signal.aborted) resolve();
        extra.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      onWait('aborted');
      return { content: [{ type: 'text', text: 'cancelled' }] };
    },
  );
  return server;
}

/** Serves both eras on one URL; `onWait` hears the `wait` tool of either. */
export function startWaitServer(onWait: (event: WaitEvent) => void): Promise<McpHttpHandle> {
  return serveMcpHttp(() => createLegacyWaitServer(onWait), { modern: () => createModernMcpServer({ onWait }) });
}
