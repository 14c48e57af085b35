// Serves MCP servers over streamable HTTP with stateful sessions, for the demo server and test servers: loopback
// only, Loupe's own page origins only (CORS for them alone), bodies capped.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport, type EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { checkRequestOrigin } from './check-request-origin';
import { isLoopbackHostname, LOOPBACK_HOSTNAMES } from './loopback';
import { readCappedBody } from './read-capped-body';
import { createModernLeg, type ModernLeg, type ModernMcpServer } from './serve-modern-mcp';

/** A running HTTP server; `url` points at the MCP endpoint. */
export interface McpHttpHandle {
  url: string;
  close(): Promise<void>;
}

export interface ServeMcpHttpOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind: a loopback address (127.0.0.1 by default); anything else is refused. */
  host?: string;
  /** Endpoint path, `/mcp` by default. */
  path?: string;
  /** Sees every incoming request before it is handled (tests use it to inspect headers). */
  onRequest?: (request: IncomingMessage) => void;
  /** DNS-rebinding protection: Host names the server answers to. Default: the loopback names. */
  allowedHostnames?: readonly string[];
  /**
   * Page origins allowed to call, exactly (Loupe's own, e.g. `http://localhost:5173`). Default: none, so
   * only clients that are no web page (Node, curl) get in. `Origin: null` is always refused.
   */
  allowedOrigins?: readonly string[];
  /** Off: act like the many local servers that send no CORS headers at all (tests of the CORS helper). */
  sendCorsHeaders?: boolean;
  /** Tests of the connection doctor turn this off to act like a server that forgot to expose the header. */
  exposeSessionHeader?: boolean;
  /**
   * Also speak the stateless 2026-07-28 revision with servers from this factory (SDK v2): requests carrying its
   * `_meta` envelope go there, 2025-era ones to the stateful leg. With no 2025 factory the server is modern-only.
   */
  modern?: () => ModernMcpServer;
  /**
   * Answers a POST itself (returning true) before any MCP server sees it, its body parsed already: test servers
   * speak with it what the SDK does not (the Tasks extension's `subscriptions/listen` for task ids).
   */
  interceptPost?: (request: IncomingMessage, response: ServerResponse, body: unknown) => boolean;
  /** Each 2025-era session's event store: its events get ids, and a client can resume a stream (`Last-Event-ID`). */
  eventStore?: () => EventStore;
}

/**
 * Sent to allowed pages (with `Access-Control-Allow-Origin` naming the page). Browsers may only read
 * `Mcp-Session-Id` if it is exposed; without it every call after initialize fails.
 */
/** The request headers of the 2026-07-28 revision a page must be allowed to send (CORS). */
export const MODERN_REQUEST_HEADERS = 'mcp-method, mcp-name';

const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'content-type, mcp-session-id, mcp-protocol-version, authorization, last-event-id, accept',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id',
  'Access-Control-Max-Age': '600',
};

/**
 * Starts an HTTP server answering MCP on `path`; each initialize request gets a fresh server from
 * `createMcpServer` and its own transport, keyed by the `Mcp-Session-Id` it hands out.
 */
export async function serveMcpHttp(
  createMcpServer: (() => McpServer) | null,
  options: ServeMcpHttpOptions = {},
): Promise<McpHttpHandle> {
  const modern: ModernLeg | undefined =
    options.modern === undefined
      ? undefined
      : createModernLeg(options.modern, createMcpServer === null ? 'reject' : 'route');
  const path = options.path ?? '/mcp';
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>();
  const bindHost = options.host ?? '127.0.0.1';
  if (!isLoopbackHostname(bindHost))
    throw new Error(`Loupe's MCP servers bind a loopback address only, not "${bindHost}".`);
  const originPolicy = {
    allowedHostnames: options.allowedHostnames ?? LOOPBACK_HOSTNAMES,
    allowedOrigins: options.allowedOrigins ?? [],
  };

  async function handlePost(
    request: IncomingMessage,
    response: ServerResponse,
    sessionId: string | undefined,
  ): Promise<void> {
    const body = await readJsonBody(request);
    if (body === tooLarge) {
      response.setHeader('Connection', 'close');
      sendJsonRpcError(response, 413, -32600, `The request is larger than ${maxRequestBytes} bytes.`);
      return;
    }
    if (body === invalidJson) {
      sendJsonRpcError(response, 400, -32700, 'Parse error: the body is not valid JSON.');
      return;
    }
    if (options.interceptPost?.(request, response, body) === true) return;
    if (modern !== undefined && (createMcpServer === null || !(await modern.isLegacy(request, body)))) {
      await modern.serve(request, response, body);
      return;
    }
    if (createMcpServer === null) {
      sendJsonRpcError(response, 400, -32600, 'This server speaks the 2026-07-28 revision only.');
      return;
    }
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (session === undefined) {
        sendJsonRpcError(response, 404, -32001, 'Session not found: initialize a new session.');
        return;
      }
      await session.transport.handleRequest(request, response, body);
      return;
    }
    if (!isInitializeRequest(body)) {
      sendJsonRpcError(
        response,
        400,
        -32000,
        'Bad request: no Mcp-Session-Id header, and the message is not an initialize request.',
      );
      return;
    }
    const server = createMcpServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      ...(options.eventStore === undefined ? {} : { eventStore: options.eventStore() }),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    options.onRequest?.(request);
    const refusal = checkRequestOrigin(request, originPolicy);
    if (refusal !== undefined) {
      sendJsonRpcError(response, 403, -32000, `Forbidden: ${refusal}`);
      return;
    }
    if (options.sendCorsHeaders !== false) {
      for (const [name, value] of Object.entries(corsHeaders)) response.setHeader(name, value);
      if (options.exposeSessionHeader === false) response.removeHeader('Access-Control-Expose-Headers');
      if (modern !== undefined)
        response.setHeader(
          'Access-Control-Allow-Headers',
          `${corsHeaders['Access-Control-Allow-Headers'] ?? ''}, ${MODERN_REQUEST_HEADERS}`,
        );
      // Only an allowed page (checked above) is named; a client that is no page sent no Origin to name.
      const origin = request.headers.origin;
      if (origin !== undefined) response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Vary', 'Origin');
    }
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (pathname !== path) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Not found. The MCP endpoint is ${path}.`);
      return;
    }
    const header = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (request.method === 'POST') {
      await handlePost(request, response, sessionId);
      return;
    }
    if (request.method === 'GET' || request.method === 'DELETE') {
      const session = sessionId === undefined ? undefined : sessions.get(sessionId);
      if (session === undefined) {
        sendJsonRpcError(response, sessionId === undefined ? 400 : 404, -32000, 'Missing or unknown Mcp-Session-Id.');
        return;
      }
      await session.transport.handleRequest(request, response);
      return;
    }
    response
      .writeHead(405, { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, POST, DELETE, OPTIONS' })
      .end('Method not allowed.');
  }

  const httpServer = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJsonRpcError(
          response,
          500,
          -32603,
          `Internal error: ${error instanceof Error ? error.message : String(error)}`,
        );
      else response.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, bindHost, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const address = httpServer.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}${path}`,
    async close() {
      await modern?.close();
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(
        open.map(async ({ transport, server }) => {
          await transport.close();
          await server.close();
        }),
      );
      // Open SSE streams would otherwise keep `close` waiting forever.
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

const invalidJson = Symbol('invalid JSON');
const tooLarge = Symbol('too large');

/** JSON-RPC requests are small; a page that streams gigabytes at a local server must not fill its memory. */
const maxRequestBytes = 4 * 1024 * 1024;

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const body = await readCappedBody(request, maxRequestBytes);
  if (body === 'too-large') return tooLarge;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return invalidJson;
  }
}

function sendJsonRpcError(response: ServerResponse, status: number, code: number, message: string): void {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
