// Keeps every request made for an MCP server from following a redirect. A browser follows one without showing
// where it leads (a manual redirect is opaque), so the address-space guard could not judge the target and the
// person's server headers would be re-sent to it; Loupe refuses the redirect and names the address instead.
import { redactUrl } from '../../shared/redact-url';

/** The HTTP statuses `fetch` follows (the Fetch standard's redirect statuses). */
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** A request for an MCP server (its traffic or its OAuth discovery, registration, tokens) was answered with a redirect. */
export class McpRedirectError extends Error {
  override readonly name = 'McpRedirectError';
}

function urlText(input: Parameters<typeof fetch>[0]): string {
  return input instanceof Request ? input.url : String(input);
}

function describeRedirect(requestUrl: string, response: Response): string {
  const location = response.headers.get('location');
  let target: string | undefined;
  try {
    // Only a runtime that shows the redirect (Node; never a browser) lets Loupe say where it pointed.
    if (location !== null) target = redactUrl(new URL(location, requestUrl).href);
  } catch {
    target = undefined;
  }
  const where = target === undefined ? '' : ` (to ${target})`;
  return `The server answered with a redirect${where} to Loupe’s request for ${redactUrl(requestUrl)}; Loupe does not follow redirects for MCP requests: use the final address.`;
}

/**
 * `fetchFn` that never follows a redirect: each request goes out with `redirect: 'manual'` (`'error'` is kept),
 * and a redirect answer — opaque in a browser, readable in Node — rejects with an `McpRedirectError` that names
 * the request's URL (secrets redacted) and, where the runtime shows it, the redirect's target. Nothing is sent
 * to the target, so neither the request's headers nor its body reach it.
 */
export function refuseRedirects(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    const redirect = init?.redirect === 'error' ? 'error' : 'manual';
    const response = await fetchFn(input, { ...init, redirect });
    if (response.type !== 'opaqueredirect' && !redirectStatuses.has(response.status)) return response;
    await response.body?.cancel().catch(() => {});
    throw new McpRedirectError(describeRedirect(urlText(input), response));
  };
}

/** The `McpRedirectError` in `error` or anywhere in its chain of causes (the SDK wraps what fetch throws). */
export function findRedirectError(error: unknown): McpRedirectError | undefined {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    if (current instanceof McpRedirectError) return current;
    seen.add(current);
    current = current.cause;
  }
  return undefined;
}
