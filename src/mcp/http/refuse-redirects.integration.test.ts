// A server that redirects Loupe's MCP requests to another origin: refused, and nothing reaches the target.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { McpConnectionError } from '../connection/mcp-connection-error';
import type { McpEraChoice } from '../session/mcp-era';

interface Listening {
  server: Server;
  origin: string;
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close({ server }: Listening): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const headers = { 'X-Api-Key': 'key-for-the-first-server', Authorization: 'Bearer token-for-the-first-server' };

let target: Listening;
let redirecting: Listening;
/** What reached the redirect's target: it must stay empty. */
const seenByTarget: IncomingHttpHeaders[] = [];
/** What reached the redirecting server: the custom headers belong there. */
const seenByServer: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  target = await listen((request, response) => {
    seenByTarget.push(request.headers);
    response.writeHead(404).end();
  });
  redirecting = await listen((request, response) => {
    seenByServer.push(request.headers);
    // 307 keeps the method and the body: a browser would POST the JSON-RPC message, headers and all, to the target.
    response.writeHead(307, { Location: `${target.origin}/mcp?from=redirect` }).end();
  });
});

afterAll(async () => {
  await close(target);
  await close(redirecting);
});

async function connectError(era: McpEraChoice): Promise<McpConnectionError> {
  const attempt = connectMcpServer(
    { id: 'r1', name: 'redirecting', url: `${redirecting.origin}/mcp`, headers, era },
    { connectTimeoutMs: 5_000, probe: () => Promise.resolve(true) },
  );
  const error: unknown = await attempt.then(
    () => new Error('connected through a redirect'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof McpConnectionError)) throw error;
  return error;
}

describe('an MCP server that answers with a redirect to another origin', () => {
  it.each<McpEraChoice>(['2025', '2026-07-28', 'auto'])(
    'is refused in era %s, and the target never sees a request, let alone the custom headers',
    async (era) => {
      seenByServer.length = 0;
      const error = await connectError(era);
      expect(error.problem.kind).toBe('redirect');
      expect(error.problem.message).toContain('The server answered with a redirect (to http://127.0.0.1:');
      expect(error.problem.message).toContain(
        'Loupe does not follow redirects for MCP requests: use the final address.',
      );
      // The query value of the target is redacted like any URL Loupe writes down.
      expect(error.problem.message).toContain('/mcp?from=REDACTED');
      expect(error.problem.hint).toMatch(/Server URL/);
      expect(seenByTarget).toEqual([]);
      expect(seenByServer.length).toBeGreaterThan(0);
      expect(seenByServer[0]?.['x-api-key']).toBe('key-for-the-first-server');
    },
  );
});
