import { describe, expect, it } from 'vitest';
import { findRedirectError, McpRedirectError, refuseRedirects } from './refuse-redirects';

function answering(response: () => Response) {
  const modes: (RequestRedirect | undefined)[] = [];
  const fetchFn: typeof fetch = (_input, init) => {
    modes.push(init?.redirect);
    return Promise.resolve(response());
  };
  return { modes, fetchFn };
}

/** What a browser hands back for `redirect: 'manual'`: status 0, no headers, nothing to read. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  return response;
}

describe('refuseRedirects', () => {
  it.each([301, 302, 303, 307, 308])('refuses a %i and says where it pointed, secrets redacted', async (status) => {
    const { modes, fetchFn } = answering(
      () => new Response(null, { status, headers: { Location: 'https://user:pw@elsewhere.example/mcp?key=s3cret' } }),
    );
    const attempt = refuseRedirects(fetchFn)('https://server.example/mcp?token=abc', { method: 'POST' });
    await expect(attempt).rejects.toBeInstanceOf(McpRedirectError);
    const message = await attempt.catch((error: unknown) => (error as Error).message);
    expect(message).toBe(
      'The server answered with a redirect (to https://REDACTED@elsewhere.example/mcp?key=REDACTED) to Loupe’s request for https://server.example/mcp?token=REDACTED; Loupe does not follow redirects for MCP requests: use the final address.',
    );
    expect(message).not.toMatch(/s3cret|pw|abc/);
    expect(modes).toEqual(['manual']);
  });

  it('refuses a browser’s opaque redirect, whose target it cannot know', async () => {
    const { fetchFn } = answering(opaqueRedirect);
    await expect(refuseRedirects(fetchFn)('http://127.0.0.1:3001/mcp')).rejects.toThrow(
      /^The server answered with a redirect to Loupe’s request for http:\/\/127\.0\.0\.1:3001\/mcp; Loupe does not follow/,
    );
  });

  it('forces manual over follow, keeps error, and passes every other answer through', async () => {
    const { modes, fetchFn } = answering(() => new Response('{}', { status: 200 }));
    const refusing = refuseRedirects(fetchFn);
    for (const redirect of ['follow', 'error', 'manual', undefined] as const)
      expect((await refusing('http://127.0.0.1/mcp', redirect === undefined ? {} : { redirect })).status).toBe(200);
    expect(modes).toEqual(['manual', 'error', 'manual', 'manual']);
    for (const status of [304, 300, 404, 500]) {
      const passed = await refuseRedirects(answering(() => new Response(null, { status })).fetchFn)(
        'http://a.example/',
      );
      expect(passed.status).toBe(status);
    }
  });

  it('survives a Location that is not a URL', async () => {
    const { fetchFn } = answering(() => new Response(null, { status: 302, headers: { Location: 'http://[' } }));
    await expect(refuseRedirects(fetchFn)('http://127.0.0.1/mcp')).rejects.toThrow(
      /^The server answered with a redirect to Loupe’s request/,
    );
  });

  it('finds the refusal under the SDK’s wrappers, and survives a cause cycle', () => {
    const refusal = new McpRedirectError('refused');
    expect(findRedirectError(new Error('outer', { cause: new Error('inner', { cause: refusal }) }))).toBe(refusal);
    const cyclic = new Error('a');
    cyclic.cause = new Error('b', { cause: cyclic });
    expect(findRedirectError(cyclic)).toBeUndefined();
    expect(findRedirectError('text')).toBeUndefined();
  });
});
