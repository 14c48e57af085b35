import { describe, expect, it } from 'vitest';
import { helperUrlFor, isLoopbackUrl, unwrapHelperUrl } from './cors-helper-endpoint';

describe('CORS helper addresses', () => {
  it('knows which servers the helper can reach', () => {
    for (const url of [
      'http://localhost:8000/mcp',
      'http://127.0.0.1:1/x',
      'https://[::1]:3/mcp',
      'http://a.localhost/',
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of [
      'https://api.example.com/mcp',
      'http://0.0.0.0:8000/mcp',
      'http://localhost.evil.example/',
      'nope',
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });

  it('finds the server behind a helper address, so a stale one can be wrapped again', () => {
    const inner = 'http://localhost:8000/mcp?x=1';
    const wrapped = helperUrlFor('http://127.0.0.1:3002', inner);
    expect(unwrapHelperUrl(wrapped)).toBe(inner);
    expect(unwrapHelperUrl(inner)).toBe(inner);
    // A remote URL that looks like a helper address is not one.
    const remote = `https://evil.example/proxy?url=${encodeURIComponent(inner)}`;
    expect(unwrapHelperUrl(remote)).toBe(remote);
  });
});
