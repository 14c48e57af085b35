import { describe, expect, it } from 'vitest';
import { scopeServerHeaders } from './scope-server-headers';

/** A fetch that records the headers each request would carry, as fetch itself would resolve them. */
function recordingFetch() {
  const seen: { url: string; headers: Headers }[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, headers: request.headers });
    return Promise.resolve(new Response('{}'));
  };
  return { seen, fetchFn };
}

const custom = { Authorization: 'Bearer person-token', 'X-Api-Key': 'k1' };

describe('scopeServerHeaders', () => {
  it('adds the headers to requests for the server’s origin, whatever the path', async () => {
    const { seen, fetchFn } = recordingFetch();
    const scoped = scopeServerHeaders('http://127.0.0.1:3001/mcp', custom, fetchFn);
    await scoped('http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp');
    await scoped(new Request('http://127.0.0.1:3001/mcp', { method: 'POST', body: '{}' }));
    for (const { headers } of seen) {
      expect(headers.get('authorization')).toBe('Bearer person-token');
      expect(headers.get('x-api-key')).toBe('k1');
    }
  });

  it.each([
    'http://127.0.0.1:3002/token',
    'https://127.0.0.1:3001/mcp',
    'http://localhost:3001/mcp',
    'http://127.0.0.1.evil.example:3001/mcp',
  ])('sends none of them to another origin (%s)', async (url) => {
    const { seen, fetchFn } = recordingFetch();
    await scopeServerHeaders(
      'http://127.0.0.1:3001/mcp',
      custom,
      fetchFn,
    )(url, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(seen[0]?.headers.get('x-api-key')).toBeNull();
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(seen[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('lets a header the request already carries win, names compared case-insensitively', async () => {
    const { seen, fetchFn } = recordingFetch();
    const scoped = scopeServerHeaders('http://127.0.0.1:3001/mcp', custom, fetchFn);
    await scoped('http://127.0.0.1:3001/mcp', { headers: new Headers({ authorization: 'Bearer oauth-token' }) });
    await scoped('http://127.0.0.1:3001/mcp', { headers: [['AUTHORIZATION', 'Basic abc']] });
    expect(seen.map(({ headers }) => headers.get('authorization'))).toEqual(['Bearer oauth-token', 'Basic abc']);
    expect(seen.map(({ headers }) => headers.get('x-api-key'))).toEqual(['k1', 'k1']);
  });

  it('keeps a Request’s own headers when no init headers are given', async () => {
    const { seen, fetchFn } = recordingFetch();
    await scopeServerHeaders(
      'http://127.0.0.1:3001/mcp',
      custom,
      fetchFn,
    )(new Request('http://127.0.0.1:3001/mcp', { headers: { 'Mcp-Session-Id': 's1' } }));
    expect(seen[0]?.headers.get('mcp-session-id')).toBe('s1');
    expect(seen[0]?.headers.get('x-api-key')).toBe('k1');
  });

  it('handles header names a server or person might choose that are Object.prototype names', async () => {
    const { seen, fetchFn } = recordingFetch();
    // As JSON.parse gives them: `__proto__` an own key, not the prototype.
    const named = JSON.parse('{"__proto__": "p", "constructor": "c"}') as Record<string, string>;
    await scopeServerHeaders('http://127.0.0.1:3001/mcp', named, fetchFn)('http://127.0.0.1:3001/mcp');
    expect(seen[0]?.headers.get('constructor')).toBe('c');
    expect(seen[0]?.headers.get('__proto__')).toBe('p');
  });

  it('passes everything through unchanged when there are no headers or the server URL is not a URL', async () => {
    const { seen, fetchFn } = recordingFetch();
    expect(scopeServerHeaders('http://127.0.0.1:3001/mcp', {}, fetchFn)).toBe(fetchFn);
    await scopeServerHeaders('not a url', custom, fetchFn)('http://127.0.0.1:3001/mcp');
    expect(seen[0]?.headers.get('x-api-key')).toBeNull();
  });
});
