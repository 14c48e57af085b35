// Who may talk to a local server Loupe ships: the Host must name this machine (DNS rebinding) and a page
// must be one of Loupe's own origins. Any web page the person visits can send requests to localhost
// (CVE-2025-49596, the MCP Inspector proxy); this is what stops them.
import type { IncomingMessage } from 'node:http';
import { LOOPBACK_HOSTNAMES } from './loopback.ts';

export { LOOPBACK_HOSTNAMES };

export interface OriginPolicy {
  /** Hostnames (no port) the Host header may name. */
  allowedHostnames: readonly string[];
  /** Page origins allowed to call, exactly (e.g. `http://localhost:5173`). No other page gets in. */
  allowedOrigins: readonly string[];
}

/** `http://Localhost:5173/` → `http://localhost:5173`; undefined when it is no http(s) origin. */
export function normalizeOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The comma-separated origins of an environment variable such as `LOUPE_ALLOWED_ORIGINS`, normalized. */
export function parseOriginList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => normalizeOrigin(entry) ?? entry);
}

/** The origins a Loupe served on this machine at `port` has: one per loopback name. */
export function loopbackOrigins(port: number): string[] {
  return LOOPBACK_HOSTNAMES.map((hostname) => `http://${hostname}:${port}`);
}

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Why `request` must be refused (403), or undefined when it may go on.
 * - The Host must be one of `allowedHostnames`: a DNS-rebinding page reaches the server under its own name.
 * - An `Origin` must be one of `allowedOrigins`, or the server's own (`http://<its loopback Host>`). `Origin: null` (sandboxed frames, `file:` and `data:`
 *   pages) is refused: no such page is Loupe.
 * - Without an `Origin`, a browser request that says it comes from another site (`Sec-Fetch-Site`, sent
 *   with `<img>`, `<script>` and form loads) is refused; clients that are no browser (curl, Node) pass.
 */
export function checkRequestOrigin(request: IncomingMessage, policy: OriginPolicy): string | undefined {
  const host = header(request, 'host');
  if (host === undefined) return 'Missing Host header.';
  const hostname = hostnameOf(host);
  if (hostname === undefined || !policy.allowedHostnames.includes(hostname))
    return `Host "${host}" is not allowed: this server only answers to ${policy.allowedHostnames.join(', ')}.`;
  const origin = header(request, 'origin');
  if (origin === undefined) {
    const site = header(request, 'sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none') return undefined;
    return 'A request from another site without an Origin header is not allowed.';
  }
  if (origin === 'null') return 'Origin "null" (a sandboxed frame, a file: or data: page) is not allowed.';
  const normalized = normalizeOrigin(origin);
  if (normalized !== undefined && policy.allowedOrigins.some((allowed) => normalizeOrigin(allowed) === normalized))
    return undefined;
  // A page of the server's own origin (its loopback Host, checked above) is the server itself, not another site.
  if (normalized !== undefined && normalized === normalizeOrigin(`http://${host}`)) return undefined;
  return `Origin "${origin}" is not allowed; if it is a Loupe you trust, start the server with LOUPE_ALLOWED_ORIGINS=${origin}.`;
}
