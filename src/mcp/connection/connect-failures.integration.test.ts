// Connecting fails in plain words, and the person's headers go on every request. Moved from
// connect-mcp-server.integration.test.ts (its last two groups), unchanged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startMediaServer } from '../../../test/servers/media-server';
import { connectMcpServer } from './connect-mcp-server';
import { McpConnectionError } from './mcp-connection-error';
import { toolNamed, toolRunContext } from '../../../test/support/mcp-connection-kit';

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

async function problemOf(url: string, headers: Record<string, string> = {}) {
  try {
    await connectMcpServer(
      { id: 'x', name: 'x', url, headers },
      { probe: () => Promise.resolve(false), connectTimeoutMs: 3_000 },
    );
  } catch (error) {
    expect(error).toBeInstanceOf(McpConnectionError);
    return (error as McpConnectionError).problem;
  }
  throw new Error('connected unexpectedly');
}

describe('connectMcpServer failures', () => {
  it('reports nothing listening as unreachable', async () => {
    const { url, server } = await listen(() => {});
    await new Promise((resolve) => server.close(resolve));
    expect((await problemOf(url)).kind).toBe('unreachable');
  });

  it('reports a 404 HTML page as not an MCP endpoint', async () => {
    const { url, server } = await listen((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not here</body></html>');
    });
    try {
      const problem = await problemOf(url);
      expect(problem.kind).toBe('not-mcp');
      expect(problem.hint).toContain('/mcp');
    } finally {
      server.close();
    }
  });

  it('reports a 200 HTML page as not an MCP endpoint', async () => {
    const { url, server } = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    });
    try {
      expect((await problemOf(url)).kind).toBe('not-mcp');
    } finally {
      server.close();
    }
  });

  it('reports a 401 as auth required', async () => {
    const { url, server } = await listen((_request, response) => {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end('Unauthorized');
    });
    try {
      expect((await problemOf(url)).kind).toBe('auth');
    } finally {
      server.close();
    }
  });

  it('reports a malformed URL as invalid', async () => {
    expect((await problemOf('not a url')).kind).toBe('invalid-url');
  });
});

describe('connectMcpServer headers', () => {
  it('sends the configured headers on every request', async () => {
    const seen: (string | undefined)[] = [];
    const media = await startMediaServer({ onRequest: (request) => seen.push(request.headers.authorization) });
    try {
      const connection = await connectMcpServer({
        id: 'h',
        name: 'h',
        url: media.url,
        headers: { Authorization: 'Bearer secret-token' },
      });
      await toolNamed(connection, 'h__fail').run({}, toolRunContext());
      await connection.close();
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(seen.every((value) => value === 'Bearer secret-token')).toBe(true);
    } finally {
      await media.close();
    }
  });
});
