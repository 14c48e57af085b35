// The CORS helper: lets Loupe's page reach an MCP server on this machine that sends no CORS headers, at
// `/proxy?url=<server>`. Because any web page can send requests to localhost (CVE-2025-49596), it answers
// only Loupe's own origins, only under a loopback Host, only with the per-start token, only for loopback
// targets, never follows a redirect, and caps both bodies.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkRequestOrigin } from './check-request-origin.ts';
import { forwardToLoopback } from './cors-helper-forward.ts';
import { isLoopbackHostname, LOOPBACK_HOSTNAMES } from './loopback.ts';
import { readCappedBody } from './read-capped-body.ts';

/** The request header that carries the token (a header, not the URL, so it is never saved with the server). */
export const HELPER_TOKEN_HEADER = 'loupe-helper-token';

export interface CorsHelperOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** The per-start secret every relayed request must carry in `Loupe-Helper-Token`. */
  token: string;
  /** Loupe's page origins, exactly (e.g. `http://localhost:5173`). No other page gets an answer. */
  allowedOrigins: readonly string[];
  /** Largest request body relayed (default 8 MiB). */
  maxRequestBytes?: number;
  /** Largest answer relayed, SSE streams counted whole (default 64 MiB); past it the connection is cut. */
  maxResponseBytes?: number;
}

export interface CorsHelperHandle {
  /** Base address, e.g. http://127.0.0.1:3002 */
  url: string;
  close(): Promise<void>;
}

/** A fresh token: 32 random bytes, URL-safe. */
export function createHelperToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The helper's address for an MCP server URL: `<helper>/proxy?url=<server>`. */
export function proxiedUrl(helperUrl: string, serverUrl: string): string {
  return `${helperUrl}/proxy?url=${encodeURIComponent(serverUrl)}`;
}

function hasToken(request: IncomingMessage, token: string): boolean {
  const sent = request.headers[HELPER_TOKEN_HEADER];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(token);
  const actual = Buffer.from(sent);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** CORS headers for an allowed page (none for a request without Origin: it is no page). */
function corsHeadersFor(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (origin === undefined) return {};
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}

function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  const requested = request.headers['access-control-request-headers'] ?? '';
  const headers: Record<string, string> = {
    ...corsHeadersFor(request),
    'access-control-allow-methods': 'GET, POST, DELETE',
    'access-control-max-age': '600',
  };
  if (/^[\w\-, ]*$/.test(requested)) headers['access-control-allow-headers'] = requested;
  // Chrome's Private Network Access: a Loupe hosted on a public origin asks before calling localhost.
  if (request.headers['access-control-request-private-network'] === 'true')
    headers['access-control-allow-private-network'] = 'true';
  response.writeHead(204, headers).end();
}

function targetOf(request: IncomingMessage, ownPort: number): URL | string {
  const raw = new URL(request.url ?? '/', 'http://helper').searchParams.get('url') ?? '';
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    return 'The url parameter is not a valid URL.';
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'Only http(s) servers can be reached.';
  if (target.username !== '' || target.password !== '')
    return 'Put credentials in an Authorization header, not in the URL.';
  if (!isLoopbackHostname(target.hostname))
    return `The CORS helper only reaches servers on this machine (localhost), not ${target.hostname}.`;
  if (Number(target.port || (target.protocol === 'https:' ? 443 : 80)) === ownPort)
    return 'The CORS helper does not relay to itself.';
  return target;
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  options: CorsHelperOptions,
  ownPort: number,
): Promise<void> {
  const refusal = checkRequestOrigin(request, {
    allowedHostnames: LOOPBACK_HOSTNAMES,
    allowedOrigins: options.allowedOrigins,
  });
  // A refused page gets no CORS headers, so it cannot even read why.
  if (refusal !== undefined) {
    response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(refusal);
    return;
  }
  const cors = corsHeadersFor(request);
  const fail = (status: number, message: string) => {
    if (response.headersSent) response.destroy();
    else response.writeHead(status, { ...cors, 'content-type': 'text/plain; charset=utf-8' }).end(message);
  };
  if (request.method === 'OPTIONS') return answerPreflight(request, response);
  if (new URL(request.url ?? '/', 'http://helper').pathname !== '/proxy')
    return fail(404, 'Use /proxy?url=<MCP server URL>.');
  if (!hasToken(request, options.token))
    return fail(403, 'Missing or wrong Loupe-Helper-Token: connect through the CORS helper offer in Loupe again.');
  if (!['GET', 'POST', 'DELETE'].includes(request.method ?? '')) return fail(405, 'Only GET, POST and DELETE.');
  const target = targetOf(request, ownPort);
  if (typeof target === 'string') return fail(target.startsWith('The CORS helper') ? 403 : 400, target);
  const maxRequestBytes = options.maxRequestBytes ?? 8 * 1024 * 1024;
  const body = request.method === 'GET' ? undefined : await readCappedBody(request, maxRequestBytes);
  if (body === 'too-large') {
    response.setHeader('connection', 'close');
    return fail(413, `The request is larger than ${maxRequestBytes} bytes.`);
  }
  forwardToLoopback(request, response, {
    target,
    tokenHeader: HELPER_TOKEN_HEADER,
    body,
    maxResponseBytes: options.maxResponseBytes ?? 64 * 1024 * 1024,
    corsHeaders: cors,
    fail,
  });
}

/** Starts the helper on 127.0.0.1 (loopback only: it is never reachable from the network). */
export async function startCorsHelper(options: CorsHelperOptions): Promise<CorsHelperHandle> {
  if (options.token.length < 16) throw new Error('The CORS helper needs a token of at least 16 characters.');
  let ownPort = 0;
  const server: Server = createServer((request, response) => {
    handle(request, response, options, ownPort).catch(() => {
      if (!response.headersSent) response.writeHead(500).end('The CORS helper failed.');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  ownPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${ownPort}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
