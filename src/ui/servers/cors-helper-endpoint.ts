// The page's side of the CORS helper: asks Loupe's own server (dev or preview) whether it offers the helper
// and, when the person asks, starts it and gets its per-start token (server/vite-cors-helper-plugin.ts).
// A static deployment has no such endpoint, so the offer never shows there.

const endpoint = '/__loupe/cors-helper';

/** The header the helper wants its token in. Kept in the server's headers: in memory only, never saved. */
export const HELPER_TOKEN_HEADER = 'Loupe-Helper-Token';

export interface CorsHelperGrant {
  url: string;
  token: string;
}

let availability: Promise<boolean> | undefined;

/** Whether the server that served this page offers the CORS helper (asked once per page load). */
export function isCorsHelperAvailable(): Promise<boolean> {
  availability ??= fetch(endpoint, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/json')) return false;
      const body = (await response.json()) as { available?: unknown };
      return body.available === true;
    })
    .catch(() => false);
  return availability;
}

/** Starts the helper (if it is not running yet) and returns its address and token. */
export async function requestCorsHelper(): Promise<CorsHelperGrant> {
  const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' } });
  const body = (await response.json().catch(() => ({}))) as { url?: unknown; token?: unknown; error?: unknown };
  if (!response.ok || typeof body.url !== 'string' || typeof body.token !== 'string')
    throw new Error(
      typeof body.error === 'string' ? body.error : `The CORS helper did not start (${response.status}).`,
    );
  return { url: body.url, token: body.token };
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Whether `url` names a server on this machine, the only kind the helper reaches. */
export function isLoopbackUrl(url: string): boolean {
  const hostname = parse(url)?.hostname.toLowerCase();
  if (hostname === undefined) return false;
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/** The server behind a helper address (`http://127.0.0.1:3002/proxy?url=…`), or `url` itself. */
export function unwrapHelperUrl(url: string): string {
  const parsed = parse(url);
  const inner = parsed?.searchParams.get('url');
  if (parsed === undefined || parsed.pathname !== '/proxy' || inner === null || inner === undefined) return url;
  return isLoopbackUrl(url) ? inner : url;
}

/** The helper's address for `serverUrl`. */
export function helperUrlFor(helperUrl: string, serverUrl: string): string {
  return `${helperUrl}/proxy?url=${encodeURIComponent(serverUrl)}`;
}
