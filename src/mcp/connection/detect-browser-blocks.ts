// Two failures the browser causes on purpose, told before (mixed content) or right after (hidden session) connecting.
import type { ConnectionProblem } from '../../protocol/server-status';
import { StreamableHTTPClientTransport } from '../sdk/mcp-sdk-client';
import { sdkHttpStatusOf } from '../sdk/sdk-errors';
import type { McpSession } from '../session/mcp-session';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The problem when an `https:` page would call a plain `http:` server: browsers block that (mixed content)
 * except for loopback addresses, which count as secure. `pageProtocol` defaults to this global's location
 * (in the worker, the app's own protocol). Undefined when the request may go.
 */
export function detectMixedContent(url: URL, pageProtocol?: string): ConnectionProblem | undefined {
  const page = pageProtocol ?? (globalThis as { location?: { protocol?: string } }).location?.protocol;
  if (page !== 'https:' || url.protocol !== 'http:') return undefined;
  if (loopbackHosts.has(url.hostname) || url.hostname.endsWith('.localhost')) return undefined;
  return {
    kind: 'mixed-content',
    message: `This page is served over https, so the browser blocks requests to the plain http:// address ${url.host} (mixed content).`,
    hint: 'Serve the MCP server over https, or open Loupe over http://localhost.',
  };
}

/**
 * The problem when initialize succeeded over streamable HTTP without a readable session id and the server
 * then refused the next request (400/404; often the `initialized` notification itself): the server did hand out a session, but its CORS answer does not
 * expose `Mcp-Session-Id`, so the browser hid it. A stateless server (no session at all) never gets here,
 * because it answers the next request.
 */
export function detectHiddenSession(
  session: Pick<McpSession, 'transport'>,
  error: unknown,
): ConnectionProblem | undefined {
  if (!(session.transport instanceof StreamableHTTPClientTransport)) return undefined;
  if (session.transport.sessionId !== undefined) return undefined;
  const status = sdkHttpStatusOf(error);
  if (status !== 400 && status !== 404) return undefined;
  return {
    kind: 'session-hidden',
    message:
      'The server accepted initialize, but the browser could not read its Mcp-Session-Id header, so the next request went without a session and was refused.',
    hint: 'The server must send "Access-Control-Expose-Headers: Mcp-Session-Id" with its CORS headers. For a local server you cannot change, use the CORS helper that `npm start` runs.',
  };
}
