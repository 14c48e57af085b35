// The bridge's HTTP rules, apart from its sessions: who may call (origin, token), the CORS headers Loupe
// needs, and the JSON-RPC error answers.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request header that may carry the token instead of the URL's `?token=`. */
export const BRIDGE_TOKEN_HEADER = 'loupe-bridge-token';

/** A fresh per-start token: 32 random bytes, URL-safe. */
export function createBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The token a request carries: `?token=` in its URL, or the `Loupe-Bridge-Token` header. */
function sentToken(request: IncomingMessage): string | undefined {
  const header = request.headers[BRIDGE_TOKEN_HEADER];
  if (typeof header === 'string') return header;
  return new URL(request.url ?? '/', 'http://bridge').searchParams.get('token') ?? undefined;
}

/** Whether the request carries `token`. Both sides are hashed first, so the comparison is constant-time whatever the lengths. */
export function hasBridgeToken(request: IncomingMessage, token: string): boolean {
  const sent = sentToken(request);
  if (sent === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Headers the streamable HTTP client in a page sends (besides the CORS-safe ones): the session, the protocol
 * version, the 2026 routing headers (`Mcp-Method`, `Mcp-Name`), the resume cursor, and the token header.
 */
const allowedRequestHeaders = [
  'content-type',
  'accept',
  'authorization',
  'mcp-session-id',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'last-event-id',
  BRIDGE_TOKEN_HEADER,
].join(', ');

/** CORS headers for an allowed page (checked before): it is named, never `*`. None without an Origin. */
export function setCorsHeaders(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Vary', 'Origin');
  // A page may read only exposed headers; without Mcp-Session-Id every call after initialize fails.
  response.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, Mcp-Protocol-Version');
}

/** Answers a preflight from an allowed page. */
export function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Methods': 'GET, POST, DELETE',
    'Access-Control-Allow-Headers': allowedRequestHeaders,
    'Access-Control-Max-Age': '600',
  };
  // Chrome's Private Network Access: a Loupe on a public origin asks before it calls 127.0.0.1.
  if (request.headers['access-control-request-private-network'] === 'true')
    headers['Access-Control-Allow-Private-Network'] = 'true';
  response.writeHead(204, headers).end();
}

/** A JSON-RPC error answer with `status` (id null: it answers the HTTP request, not a message). */
export function sendJsonRpcError(response: ServerResponse, status: number, message: string, code = -32000): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
