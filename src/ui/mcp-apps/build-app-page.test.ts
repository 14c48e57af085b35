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

describe("an app's policy never names an address nearer than its server (issue 36)", () => {
  const declared = {
    connectDomains: [
      'http://localhost:8080',
      'http://127.0.0.1:*',
      'ws://localhost:3000',
      'https://192.168.1.1',
      'https://10.0.0.7:8443',
      'https://router',
      'https://printer.local',
      'https://*.internal',
      'https://169.254.169.254',
      'https://api.example.com',
    ],
  };
  const connectOf = (serverUrl: string | undefined) =>
    directives(buildAppPolicy(declared, serverUrl).policy).get('connect-src');

  it('gives an internet server only internet origins, and lists each refused entry with why', () => {
    expect(connectOf('https://mcp.example.com/mcp')).toEqual(['https://api.example.com']);
    const { refused } = buildAppPolicy(declared, 'https://mcp.example.com/mcp');
    expect(refused).toHaveLength(9);
    expect(refused[0]).toEqual({
      value: 'http://localhost:8080',
      reason: 'on this machine, nearer to you than the server (on the internet)',
    });
    expect(refused.find((entry) => entry.value === 'https://192.168.1.1')?.reason).toBe(
      'on your local network, nearer to you than the server (on the internet)',
    );
  });

  it('lets a LAN server name the LAN but not this machine, and a local server both', () => {
    expect(connectOf('http://192.168.1.20:3000/mcp')).toEqual([
      'https://192.168.1.1',
      'https://10.0.0.7:8443',
      'https://router',
      'https://printer.local',
      'https://*.internal',
      'https://169.254.169.254',
      'https://api.example.com',
    ]);
    expect(connectOf('http://localhost:3000/mcp')).toEqual(declared.connectDomains);
  });

  it('treats a server it cannot place as on the internet (the strictest)', () => {
    expect(connectOf(undefined)).toEqual(['https://api.example.com']);
    expect(connectOf('not a url')).toEqual(['https://api.example.com']);
  });
});
