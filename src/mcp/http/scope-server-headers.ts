// The person's custom headers for an MCP server (an Authorization header, an API key) go to that server's
// origin only. The SDK would add them to every request it makes through the transport, its OAuth discovery,
// registration and token requests too, and those go to the authorization server, often another origin.

function urlOf(input: Parameters<typeof fetch>[0]): URL | undefined {
  try {
    return new URL(input instanceof Request ? input.url : String(input));
  } catch {
    return undefined;
  }
}

/**
 * `fetchFn` that adds `headers` to each request whose origin is the origin of `serverUrl` and to no other.
 * A header the request already carries wins (the SDK's own `Authorization: Bearer` from an OAuth sign-in,
 * `Mcp-Session-Id`, `Content-Type`…), as it did when the SDK merged the person's headers itself. Header names
 * compare case-insensitively.
 */
export function scopeServerHeaders(
  serverUrl: string | URL,
  headers: Readonly<Record<string, string>>,
  fetchFn: typeof fetch,
): typeof fetch {
  const server = urlOf(serverUrl);
  const entries = Object.entries(headers);
  if (entries.length === 0) return fetchFn;
  return (input, init) => {
    const target = urlOf(input);
    if (server === undefined || target === undefined || target.origin !== server.origin) return fetchFn(input, init);
    // fetch takes `init.headers` instead of the Request's own when both are given; so does this.
    const merged = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [name, value] of entries) if (!merged.has(name)) merged.set(name, value);
    return fetchFn(input, { ...init, headers: merged });
  };
}
