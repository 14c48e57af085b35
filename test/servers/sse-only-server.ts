// A test MCP server speaking only the older HTTP+SSE transport: POST to its URL answers 405.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import type { McpHttpHandle } from '../../server/serve-mcp-http';

/** Serves `createMcpServer()` per SSE stream: GET /mcp opens the stream, POST /messages carries requests. */
export async function startSseOnlyServer(createMcpServer: () => McpServer): Promise<McpHttpHandle> {
  const transports = new Map<string, SSEServerTransport>();
  const httpServer = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/mcp' && request.method === 'GET') {
      const transport = new SSEServerTransport('/messages', response);
      transports.set(transport.sessionId, transport);
      transport.onclose = () => transports.delete(transport.sessionId);
      void createMcpServer().connect(transport);
      return;
    }
    const transport = transports.get(url.searchParams.get('sessionId') ?? '');
    if (url.pathname === '/messages' && request.method === 'POST' && transport !== undefined) {
      void transport.handlePostMessage(request, response);
      return;
    }
    response.writeHead(url.pathname === '/mcp' ? 405 : 404).end();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`,
    async close() {
      await Promise.allSettled([...transports.values()].map((transport) => transport.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
