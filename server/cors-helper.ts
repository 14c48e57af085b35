// Dev-only CORS helper: forwards /proxy?url=<MCP server> to a local server that sends no CORS headers, adding them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/** Request headers passed on to the MCP server; everything else (cookies, origin) stays behind. */
const forwardedRequestHeaders = [
  'accept',
  'content-type',
  'authorization',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
];

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version, www-authenticate',
  'access-control-max-age': '600',
};

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CorsHelperOptions {
  port?: number;
  /** Forward to any host, not only loopback ones. Off by default: the helper must not become an open proxy. */
  allowAnyHost?: boolean;
}

export interface CorsHelperHandle {
  /** Base address, e.g. http://127.0.0.1:3002 */
  url: string;
  close(): Promise<void>;
}

/** The helper's address for an MCP server URL: `<helper>/proxy?url=<server>`. */
export function proxiedUrl(helperUrl: string, serverUrl: string): string {
  return `${helperUrl}/proxy?url=${encodeURIComponent(serverUrl)}`;
}

function fail(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { ...corsHeaders, 'content-type': 'text/plain; charset=utf-8' });
  response.end(message);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

async function forward(request: IncomingMessage, response: ServerResponse, options: CorsHelperOptions): Promise<void> {
  const self = new URL(request.url ?? '/', 'http://helper');
  if (request.method === 'OPTIONS') {
    response.writeHead(204, corsHeaders);
    response.end();
    return;
  }
  if (self.pathname !== '/proxy') return fail(response, 404, 'Use /proxy?url=<MCP server URL>.');
  let target: URL;
  try {
    target = new URL(self.searchParams.get('url') ?? '');
  } catch {
    return fail(response, 400, 'The url parameter is not a valid URL.');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return fail(response, 400, 'Only http(s) targets.');
  if (options.allowAnyHost !== true && !loopbackHosts.has(target.hostname)) {
    return fail(response, 403, 'The CORS helper only forwards to servers on this machine (localhost).');
  }
  const headers = new Headers();
  for (const name of forwardedRequestHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request);
  const controller = new AbortController();
  response.on('close', () => controller.abort());
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method ?? 'GET',
      headers,
      ...(body === undefined ? {} : { body: new Uint8Array(body) }),
      signal: controller.signal,
    });
  } catch {
    return fail(response, 502, `Nothing answers at ${target.host}.`);
  }
  const outgoing: Record<string, string> = { ...corsHeaders };
  upstream.headers.forEach((value, name) => {
    if (!name.startsWith('access-control-') && name !== 'content-length' && name !== 'content-encoding')
      outgoing[name] = value;
  });
  response.writeHead(upstream.status, outgoing);
  if (upstream.body === null) {
    response.end();
    return;
  }
  Readable.fromWeb(upstream.body as never)
    .on('error', () => response.destroy())
    .pipe(response);
}

/** Starts the helper on 127.0.0.1 (port 0 picks a free one). */
export async function startCorsHelper(options: CorsHelperOptions = {}): Promise<CorsHelperHandle> {
  const server: Server = createServer((request, response) => {
    forward(request, response, options).catch(() => {
      if (!response.headersSent) fail(response, 500, 'The CORS helper failed.');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
