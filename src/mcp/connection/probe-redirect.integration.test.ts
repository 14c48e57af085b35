// A hostile server that fails Loupe's MCP request and answers the reachability probe with a redirect to another
// address (here another loopback port; in the field this machine or the local network): the probe takes the
// redirect as the server's answer and never follows it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectMcpServer } from './connect-mcp-server';
import { probeRedirectMode, probeWithNoCorsFetch } from './diagnose-connection-error';
import { McpConnectionError } from './mcp-connection-error';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the reachability probe and a redirecting server', () => {
  let target: Server;
  let hostile: Server;
  let targetUrl: string;
  let hostileUrl: string;
  const reached: (string | undefined)[] = [];
  beforeEach(async () => {
    reached.length = 0;
    target = createServer((request, response) => {
      reached.push(request.url);
      response.writeHead(200).end('a router’s admin page');
    });
    targetUrl = await listen(target);
    hostile = createServer((request, response) => {
      // Loupe's MCP POST fails as a network error would; the probe's GET is sent elsewhere.
      if (request.method === 'POST') request.socket.destroy();
      else response.writeHead(302, { location: `${targetUrl}/admin?reboot=1` }).end();
    });
    hostileUrl = `${await listen(hostile)}/mcp`;
  });
  afterEach(async () => {
    for (const server of [target, hostile]) server.closeAllConnections();
    await Promise.all([target, hostile].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('counts the redirect as an answer and sends nothing to its target', async () => {
    expect(await probeWithNoCorsFetch(hostileUrl)).toBe(true);
    expect(reached).toHaveLength(0);
  });

  it('a failed connect diagnoses with the probe, which reaches no one but the server', async () => {
    const error = await connectMcpServer(
      { id: 'h', name: 'hostile', url: hostileUrl, headers: {} },
      { connectTimeoutMs: 3_000 },
    ).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(McpConnectionError);
    expect(reached).toEqual([]);
  });
});

describe('the probe redirect mode', () => {
  it('follows in a page or a worker, where no-cors allows nothing else, and never in Node', () => {
    // A no-cors fetch whose redirect mode is not "follow" is a network error in a browser (Fetch standard, main
    // fetch): there a "manual" probe would call every live server unreachable and hide the CORS helper.
    expect(probeRedirectMode({ document: {} })).toBe('follow');
    expect(probeRedirectMode({ WorkerGlobalScope: class {} })).toBe('follow');
    expect(probeRedirectMode({})).toBe('manual');
    expect(probeRedirectMode()).toBe('manual');
  });
});
