// DNS-rebinding protection for a local MCP server: the Host (and any Origin) must name an allowed host.
import type { IncomingMessage } from 'node:http';

/** The loopback names a local server answers to (the SDK's `localhostHostValidation` list). */
export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface OriginPolicy {
  /** Hostnames (no port) the Host header may name. */
  allowedHostnames: readonly string[];
  /** Extra page origins (e.g. `https://loupe.example`) allowed besides loopback pages. */
  allowedOrigins: readonly string[];
}

function hostnameOf(value: string, scheme: string): string | undefined {
  try {
    return new URL(`${scheme}${value}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Why `request` must be refused (403), or undefined when it may go on. A DNS-rebinding page reaches the
 * server under a foreign Host name; a foreign web page calling it sends its own Origin. Pages served from a
 * loopback address (the Loupe app in development) and `allowedOrigins` pass; requests without an Origin
 * (tools, Node clients) are judged by their Host alone.
 */
export function checkRequestOrigin(request: IncomingMessage, policy: OriginPolicy): string | undefined {
  const host = request.headers.host;
  if (host === undefined) return 'Missing Host header.';
  const hostname = hostnameOf(host, 'http://');
  if (hostname === undefined || !policy.allowedHostnames.includes(hostname))
    return `Host "${host}" is not allowed: this server only answers to ${policy.allowedHostnames.join(', ')}.`;
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return undefined;
  if (policy.allowedOrigins.includes(origin)) return undefined;
  const originHost = hostnameOf(origin, '');
  if (originHost !== undefined && LOOPBACK_HOSTNAMES.includes(originHost)) return undefined;
  return `Origin "${origin}" is not allowed; start the server with LOUPE_ALLOWED_ORIGINS=${origin} to let that page in.`;
}
