import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDemoMcpServer } from '../../../server/demo-server';
import { startMediaServer } from '../../../test/servers/media-server';
import { startSseOnlyServer } from '../../../test/servers/sse-only-server';
import type { ToolRunContext } from '../../engine/tool/tool';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { McpConnectionError } from '../connection/mcp-connection-error';
import { openMcpSession } from './open-mcp-session';

const context = (): ToolRunContext => ({ signal: new AbortController().signal, onProgress: () => {}, log: () => {} });

describe('MCP sessions', () => {
  it('falls back to the HTTP+SSE transport when the server answers the initialize POST with 405', async () => {
    const server = await startSseOnlyServer(() => createDemoMcpServer());
    try {
      const session = await openMcpSession(new URL(server.url), { headers: {}, timeoutMs: 3_000 });
      expect(session.kind).toBe('sse');
      await session.client.close();
      const connection = await connectMcpServer({ id: 's', name: 'demo', url: server.url, headers: {} });
      expect(connection.tools.map((tool) => tool.name)).toEqual([
        'demo__weather_get',
        'demo__clothing_advise',
        'demo__weather_outlook',
      ]);
      const output = await connection.tools[0]?.run({ city: 'Oslo' }, context());
      expect(JSON.parse(output?.content[0]?.type === 'text' ? output.content[0].text : '')).toMatchObject({
        city: 'Oslo',
      });
      await connection.close();
    } finally {
      await server.close();
    }
  });

  it('refuses an HTTP+SSE stream whose endpoint names another origin, and says so instead of the 405', async () => {
    const posted: string[] = [];
    const elsewhere = createServer((request, response) => {
      posted.push(`${request.method} ${request.url}`);
      response.writeHead(202).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const foreignEndpoint = `http://localhost:${(elsewhere.address() as AddressInfo).port}/messages?sessionId=x`;
    const server = await startSseOnlyServer(() => createDemoMcpServer(), { foreignEndpoint });
    try {
      const opening = openMcpSession(new URL(server.url), { headers: {}, timeoutMs: 3_000 });
      await expect(opening).rejects.toBeInstanceOf(McpConnectionError);
      await expect(opening).rejects.toMatchObject({
        problem: {
          kind: 'http',
          message: expect.stringContaining(`another origin (${new URL(foreignEndpoint).origin})`) as unknown,
        },
      });
      // Nothing was sent where the stream pointed (a listening server, so a send would have arrived).
      expect(posted).toEqual([]);
    } finally {
      await server.close();
      elsewhere.closeAllConnections();
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it('re-initialises once when the server has forgotten the session', async () => {
    const sessionIds = new Set<string>();
    const media = await startMediaServer({
      onRequest: (request) => {
        const id = request.headers['mcp-session-id'];
        if (typeof id === 'string') sessionIds.add(id);
      },
    });
    try {
      const connection = await connectMcpServer({ id: 'm', name: 'media', url: media.url, headers: {} });
      const [first] = sessionIds;
      // End the session behind the client's back, as a server restart would.
      const ended = await fetch(media.url, { method: 'DELETE', headers: { 'mcp-session-id': first ?? '' } });
      expect(ended.status).toBe(200);
      const output = await connection.tools.find((tool) => tool.name === 'media__fail')?.run({}, context());
      expect(output?.content).toEqual([{ type: 'text', text: 'The tool failed: disk full.' }]);
      expect(sessionIds.size).toBe(2);
      await connection.refreshTools();
      expect(connection.listedTools.length).toBeGreaterThan(5);
      await connection.close();
    } finally {
      await media.close();
    }
  });
});
