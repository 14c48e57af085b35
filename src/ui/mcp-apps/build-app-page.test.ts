import { describe, expect, it } from 'vitest';
import { buildAppPolicy, isAllowedAppOrigin } from './build-app-page';

const directives = (policy: string) =>
  new Map(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)] as const));

describe('the app page policy', () => {
  it('allows nothing outside the page by default', () => {
    const { policy, refused } = buildAppPolicy(undefined);
    const map = directives(policy);
    expect(map.get('default-src')).toEqual(["'none'"]);
    expect(map.get('connect-src')).toEqual(["'none'"]);
    expect(map.get('frame-src')).toEqual(["'none'"]);
    expect(map.get('script-src')).toEqual(["'unsafe-inline'"]);
    expect(map.get('img-src')).toEqual(['data:', 'blob:']);
    expect(policy).not.toContain('unsafe-eval');
    expect(refused).toEqual([]);
  });

  it('adds declared origins to their directives only', () => {
    const { policy } = buildAppPolicy({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://*.cdn.example'],
      frameDomains: ['https://www.youtube.com'],
    });
    const map = directives(policy);
    expect(map.get('connect-src')).toEqual(['https://api.example.com', 'wss://live.example.com']);
    expect(map.get('script-src')).toEqual(["'unsafe-inline'", 'https://*.cdn.example']);
    expect(map.get('frame-src')).toEqual(['https://www.youtube.com']);
    expect(map.get('base-uri')).toEqual(["'none'"]);
  });

  it('refuses anything that is not a plain origin: keywords, directives, wildcards, plain http elsewhere', () => {
    const hostile = [
      "'unsafe-eval'",
      '*',
      'https:',
      'https://a.example; script-src *',
      "https://a.example 'unsafe-eval'",
      'http://evil.example',
      'javascript:alert(1)',
      'https://a.example/path',
      'data:',
    ];
    const { policy, refused } = buildAppPolicy({ connectDomains: hostile, resourceDomains: hostile });
    expect(refused).toHaveLength(hostile.length * 2);
    expect(directives(policy).get('connect-src')).toEqual(["'none'"]);
    expect(policy).not.toContain('evil');
    expect(policy.split('; ')).toHaveLength(11);
  });

  it('allows loopback over plain http (a server in development)', () => {
    expect(isAllowedAppOrigin('http://localhost:5173')).toBe(true);
    expect(isAllowedAppOrigin('http://127.0.0.1:*')).toBe(true);
    expect(isAllowedAppOrigin('http://localhost.evil.example')).toBe(false);
  });
});
