import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer } from '../src/mcp/connect-mcp-server';
import { startDemoServer } from './demo-server';
import { proxiedUrl, startCorsHelper, type CorsHelperHandle } from './cors-helper';

describe('CORS helper', () => {
  let helper: CorsHelperHandle;
  let demo: Awaited<ReturnType<typeof startDemoServer>>;
  let bare: Server;
  let bareUrl: string;

  beforeAll(async () => {
    helper = await startCorsHelper();
    demo = await startDemoServer({ port: 0 });
    // A server that sends no CORS headers at all, like many local MCP servers.
    bare = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'abc' });
      response.end(JSON.stringify({ method: request.method, session: request.headers['mcp-session-id'] ?? null }));
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/mcp`;
  });

  afterAll(async () => {
    await helper.close();
    await demo.close();
    await new Promise((resolve) => bare.close(resolve));
  });

  it('adds CORS headers, exposes Mcp-Session-Id and forwards the session header', async () => {
    const response = await fetch(proxiedUrl(helper.url, bareUrl), {
      method: 'POST',
      headers: { 'mcp-session-id': 's1', 'content-type': 'application/json', cookie: 'secret=1' },
      body: '{}',
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
    expect(response.headers.get('mcp-session-id')).toBe('abc');
    expect(await response.json()).toEqual({ method: 'POST', session: 's1' });
  });

  it('answers preflight requests', async () => {
    const response = await fetch(proxiedUrl(helper.url, bareUrl), { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('carries a whole MCP session (initialize, tools/list) through to the demo server', async () => {
    const connection = await connectMcpServer({
      id: 's',
      name: 'demo',
      url: proxiedUrl(helper.url, demo.url),
      headers: {},
    });
    expect(connection.listedTools.map((tool) => tool.name)).toContain('weather.get');
    await connection.close();
  });

  it('refuses non-local targets and bad URLs, so it is no open proxy', async () => {
    expect((await fetch(proxiedUrl(helper.url, 'https://example.com/mcp'))).status).toBe(403);
    expect((await fetch(`${helper.url}/proxy?url=nope`)).status).toBe(400);
    expect((await fetch(`${helper.url}/other`)).status).toBe(404);
    expect((await fetch(proxiedUrl(helper.url, 'http://127.0.0.1:1/mcp'))).status).toBe(502);
  });
});
