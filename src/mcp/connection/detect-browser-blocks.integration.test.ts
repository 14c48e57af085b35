import { describe, expect, it } from 'vitest';
import { createDemoMcpServer } from '../../../server/demo-server';
import { serveMcpHttp } from '../../../server/serve-mcp-http';
import { browserLikeFetch } from '../../../test/servers/browser-like-fetch';
import { connectMcpServer } from './connect-mcp-server';
import { McpConnectionError } from './mcp-connection-error';

async function problemOf(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(McpConnectionError);
  return (error as McpConnectionError).problem;
}

describe('failures the browser causes', () => {
  it('says the session header is not exposed when initialize worked but the next request had no session', async () => {
    const server = await serveMcpHttp(createDemoMcpServer, { exposeSessionHeader: false });
    try {
      const problem = await problemOf(
        connectMcpServer({ id: 'h', name: 'hidden', url: server.url, headers: {} }, { fetch: browserLikeFetch }),
      );
      expect(problem.kind).toBe('session-hidden');
      expect(problem.hint).toContain('Access-Control-Expose-Headers: Mcp-Session-Id');
    } finally {
      await server.close();
    }
  });

  it('connects through the same browser-like fetch when the server exposes the header', async () => {
    const server = await serveMcpHttp(createDemoMcpServer);
    try {
      const connection = await connectMcpServer(
        { id: 'e', name: 'exposed', url: server.url, headers: {} },
        { fetch: browserLikeFetch },
      );
      expect(connection.listedTools).toHaveLength(4); // weather.get, clothing.advise, the card's weather.forecast, weather.outlook
      await connection.close();
    } finally {
      await server.close();
    }
  });

  it('refuses a plain-http server from an https page before sending anything, but lets loopback through', async () => {
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };
    const problem = await problemOf(
      connectMcpServer(
        { id: 'm', name: 'mixed', url: 'http://mcp.example.test/mcp', headers: {} },
        { fetch: counting, pageProtocol: 'https:' },
      ),
    );
    expect(problem.kind).toBe('mixed-content');
    expect(requests).toBe(0);

    const server = await serveMcpHttp(createDemoMcpServer);
    try {
      const connection = await connectMcpServer(
        { id: 'l', name: 'loopback', url: server.url, headers: {} },
        { pageProtocol: 'https:' },
      );
      await connection.close();
    } finally {
      await server.close();
    }
  });
});
