import { describe, expect, it } from 'vitest';
import { hasUrlSecrets, redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('redacts user info, every query value and the fragment, keeping the names', () => {
    expect(redactUrl('http://u:p@h/mcp?api_key=SECRET&x=1&flag')).toBe(
      'http://REDACTED@h/mcp?api_key=REDACTED&x=REDACTED&flag',
    );
    expect(redactUrl('https://h.example/mcp#token=abc')).toBe('https://h.example/mcp#REDACTED');
    expect(redactUrl('https://h.example:8443/a/b')).toBe('https://h.example:8443/a/b');
    expect(redactUrl('http://127.0.0.1:4310')).toBe('http://127.0.0.1:4310');
  });

  it('redacts the path segments the person marked secret, encoded or not', () => {
    expect(redactUrl('https://hooks.example/t/abc123/mcp', ['abc123'])).toBe('https://hooks.example/t/REDACTED/mcp');
    expect(redactUrl('https://h/x/a%20b/mcp', ['a b'])).toBe('https://h/x/REDACTED/mcp');
    expect(redactUrl('https://h/x/abc/mcp', [''])).toBe('https://h/x/abc/mcp');
  });

  it('redacts a string that is not a URL by pattern', () => {
    expect(redactUrl('//u:p@h/x?k=v')).toBe('//REDACTED@h/x?k=REDACTED');
  });

  it('says whether a URL holds secrets', () => {
    expect(hasUrlSecrets('https://h/mcp')).toBe(false);
    expect(hasUrlSecrets('https://h/mcp?k=v')).toBe(true);
    expect(hasUrlSecrets('https://u@h/mcp')).toBe(true);
    expect(hasUrlSecrets('https://h/s3cret/mcp', ['s3cret'])).toBe(true);
  });
});

describe('a URL inside a query value', () => {
  it('is redacted as a URL, so a relay keeps its target readable and the target keeps its secrets out', () => {
    const target = 'http://127.0.0.1:3100/mcp';
    const relayed = `http://127.0.0.1:3002/proxy?url=${encodeURIComponent(target)}`;
    expect(redactUrl(relayed)).toBe(relayed);
    const secret = `http://127.0.0.1:3002/proxy?url=${encodeURIComponent('http://u:p@127.0.0.1:3100/mcp?key=abc')}`;
    expect(redactUrl(secret)).toBe(
      `http://127.0.0.1:3002/proxy?url=${encodeURIComponent('http://REDACTED@127.0.0.1:3100/mcp?key=REDACTED')}`,
    );
  });
});

describe('redactUrl: bare query tokens and servers behind the CORS helper (issue 36)', () => {
  it('redacts a query part without `=` unless it is a short flag word', () => {
    expect(redactUrl('https://mcp.example.com/mcp?sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe(
      'https://mcp.example.com/mcp?REDACTED',
    );
    expect(redactUrl('https://mcp.example.com/mcp?debug&read-only&a=1&9f8e7d6c5b4a')).toBe(
      'https://mcp.example.com/mcp?debug&read-only&a=REDACTED&REDACTED',
    );
    expect(redactUrl('mcp.example.com/mcp?sk_live_4eC39HqLyjWDarjtT1zdp7dc&debug')).toBe(
      'mcp.example.com/mcp?REDACTED&debug',
    );
  });

  it("redacts the secret path segments of a server reached through the helper's ?url=", () => {
    const target = 'https://mcp.example.com/u/sk-path-secret/mcp?sk_bare_token_123';
    const relayed = `http://127.0.0.1:3002/proxy?url=${encodeURIComponent(target)}`;
    const written = redactUrl(relayed, ['sk-path-secret']);
    expect(written).not.toContain('sk-path-secret');
    expect(written).not.toContain('sk_bare_token_123');
    expect(decodeURIComponent(written)).toBe(
      'http://127.0.0.1:3002/proxy?url=https://mcp.example.com/u/REDACTED/mcp?REDACTED',
    );
  });
});
