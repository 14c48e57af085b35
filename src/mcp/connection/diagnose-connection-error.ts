// Turns a failed MCP connection into a plain-words problem with what to do next.
import type { ConnectionProblem } from '../../protocol/server-status';
import { UnauthorizedError } from '../sdk/mcp-sdk-client';
import { findRedirectError } from '../http/refuse-redirects';
import { isSdkTimeout, sdkHttpStatusOf, unwrapProbeError } from '../sdk/sdk-errors';

/**
 * Tells whether anything answers at `url`: resolves true when a host answered (whatever it said), false
 * when nothing did. Needed because a browser reports a CORS refusal and a dead host with the same TypeError.
 */
export type ReachabilityProbe = (url: string) => Promise<boolean>;

/**
 * The default probe: an opaque `no-cors` request succeeds whenever the host answers, CORS or not. Outside a
 * browser (the headless runner) a redirect is an answer too and is never followed, so a server cannot aim this GET
 * past `guardAddressSpace` at this machine or the local network. In a browser the Fetch standard turns a `no-cors`
 * request whose redirect mode is not `follow` into a network error, so there the probe has to follow: the same
 * blind GET any web page can make, under the browser's own Private Network Access rules (docs/SECURITY.md).
 */
export const probeWithNoCorsFetch: ReachabilityProbe = async (url) => {
  try {
    await fetch(url, { method: 'GET', mode: 'no-cors', cache: 'no-store', redirect: probeRedirectMode() });
    return true;
  } catch {
    return false;
  }
};

/** `follow` in a page or a worker (the only mode `no-cors` allows there), `manual` elsewhere. */
export function probeRedirectMode(scope: object = globalThis): RequestRedirect {
  return 'WorkerGlobalScope' in scope || 'document' in scope ? 'follow' : 'manual';
}

/** The request headers an MCP client sends across origins, 2025 eras and 2026-07-28 together. */
export const CORS_REQUEST_HEADERS =
  'Content-Type, Authorization, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID, Mcp-Method, Mcp-Name';

const problem = (kind: ConnectionProblem['kind'], message: string, hint: string): ConnectionProblem => ({
  kind,
  message,
  hint,
});

/** The HTTP status the SDK saw, if the error carries one (`SdkHttpError.status`, -1 for a bad content type). */
function statusOf(error: unknown): number | undefined {
  const status = sdkHttpStatusOf(error);
  if (status !== undefined) return status;
  if (error instanceof UnauthorizedError) return 401;
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number')
    return error.status;
  return undefined;
}

/** Browsers say "Failed to fetch" (Chromium), "NetworkError …" (Firefox) or "Load failed" (Safari); Node says "fetch failed". */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /failed to fetch|networkerror|load failed|fetch failed|network request failed/i.test(error.message)
  );
}

/** Whether a node-side fetch failure already says nobody listens, so no probe is needed. */
function isRefused(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return (
    typeof cause?.code === 'string' &&
    ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN'].includes(cause.code)
  );
}

/** The server's own words from an SDK error message, without the SDK's prefixes, kept short. */
function detailOf(message: string): string {
  const detail = message
    .replace(/^Streamable HTTP error: /, '')
    .replace(/^Error POSTing to endpoint: ?/, '')
    .trim();
  return detail.length > 200 ? `${detail.slice(0, 200)}…` : detail;
}

function describeStatus(status: number, message: string): ConnectionProblem {
  const detail = detailOf(message);
  if (status === 401 || status === 403) {
    return problem(
      'auth',
      `The server refused the connection (HTTP ${status}): it requires authorization.`,
      'Add an Authorization header (for example "Bearer <token>") in the server\'s headers, then reconnect.',
    );
  }
  if (status === 404 || status === 405 || status === -1) {
    const what = status === -1 ? 'answered with something that is not MCP' : `answered HTTP ${status}`;
    return problem(
      'not-mcp',
      `The server ${what}: this address is not an MCP endpoint.`,
      'Check the path of the URL; MCP servers usually serve it at /mcp.',
    );
  }
  return problem(
    'http',
    `The server answered HTTP ${status}${detail === '' ? '' : `: ${detail}`}.`,
    "Check the server's own log for why it failed, then reconnect.",
  );
}

function isMixedContent(url: URL): boolean {
  const pageProtocol = (globalThis as { location?: { protocol?: string } }).location?.protocol;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return pageProtocol === 'https:' && url.protocol === 'http:' && !local;
}

/**
 * Explains why connecting to `url` failed: `invalid-url`, `unreachable`, `cors`, `not-mcp`, `auth`, `http`
 * or `unknown`, each with a message and a hint. A browser network failure is told apart with `probe`
 * (default: a `no-cors` fetch): an answering host means CORS blocked the real request.
 */
export async function diagnoseConnectionError(
  thrown: unknown,
  url: string,
  probe: ReachabilityProbe = probeWithNoCorsFetch,
): Promise<ConnectionProblem> {
  // A probe that could not be sent says no more than the network error under it.
  const error = unwrapProbeError(thrown);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return problem(
      'invalid-url',
      `"${url}" is not a valid URL.`,
      'Enter a full address such as http://localhost:3001/mcp.',
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return problem(
      'invalid-url',
      `"${url}" is not an http or https URL.`,
      'MCP over streamable HTTP needs an address starting with http:// or https://.',
    );
  }

  const redirect = findRedirectError(thrown);
  if (redirect !== undefined)
    return problem(
      'redirect',
      redirect.message,
      'Put the address the server redirects to in Server URL (a browser hides it: open the URL in a tab, or ask whoever runs the server), then reconnect.',
    );

  const status = statusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (status !== undefined) return describeStatus(status, message);

  if (isSdkTimeout(error)) {
    return problem(
      'unreachable',
      'The server did not answer the initialize request in time.',
      'Check that the server is running and not stuck, then reconnect.',
    );
  }
  if (error instanceof Error && (error.name === 'ZodError' || error instanceof SyntaxError)) {
    return problem(
      'not-mcp',
      'The server answered, but not with MCP (JSON-RPC) messages.',
      'Check the path of the URL; MCP servers usually serve it at /mcp.',
    );
  }

  if (isNetworkFailure(error)) {
    if (isMixedContent(parsed)) {
      return problem(
        'cors',
        'The browser blocked a plain http:// request from this https:// page (mixed content).',
        'Serve the MCP server over https, or open Loupe over http://localhost.',
      );
    }
    const answered = !isRefused(error) && (await probe(url));
    if (answered) {
      return problem(
        'cors',
        'The server answered, but the browser blocked the response (CORS).',
        `The server must send Access-Control-Allow-Origin, allow the request headers ${CORS_REQUEST_HEADERS} (Access-Control-Allow-Headers; 2026-07-28 adds Mcp-Method, Mcp-Name and each Mcp-Param-* its tools declare) and expose the Mcp-Session-Id header (Access-Control-Expose-Headers). For a local server you cannot change, use the CORS helper that \`npm start\` runs.`,
      );
    }
    return problem(
      'unreachable',
      `Nothing answers at ${parsed.host}.`,
      'Is the server running? Check the host and port in the URL.',
    );
  }
  return problem('unknown', `Could not connect: ${message}`, "Check the URL and the server's log, then reconnect.");
}
