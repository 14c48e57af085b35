import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkRequestOrigin, LOOPBACK_HOSTNAMES, loopbackOrigins, parseOriginList } from './check-request-origin';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const policy = {
  allowedHostnames: LOOPBACK_HOSTNAMES,
  allowedOrigins: ['http://localhost:5173', 'https://loupe.example'],
};

describe('checkRequestOrigin', () => {
  it("lets loopback hosts, Loupe's own pages and clients that are no page in", () => {
    expect(checkRequestOrigin(request({ host: 'localhost:3001' }), policy)).toBeUndefined();
    expect(
      checkRequestOrigin(request({ host: '[::1]:3001', origin: 'http://localhost:5173' }), policy),
    ).toBeUndefined();
    expect(
      checkRequestOrigin(request({ host: '127.0.0.1:3001', origin: 'https://loupe.example' }), policy),
    ).toBeUndefined();
    expect(
      checkRequestOrigin(request({ host: 'localhost:3001', 'sec-fetch-site': 'same-origin' }), policy),
    ).toBeUndefined();
  });

  it("lets in a page of the server's own origin, and only of it", () => {
    expect(
      checkRequestOrigin(request({ host: 'localhost:3001', origin: 'http://localhost:3001' }), policy),
    ).toBeUndefined();
    expect(checkRequestOrigin(request({ host: 'localhost:3001', origin: 'http://localhost:3002' }), policy)).toContain(
      'not allowed',
    );
    expect(
      checkRequestOrigin(request({ host: 'evil.example.com:3001', origin: 'http://evil.example.com:3001' }), policy),
    ).toContain('Host');
  });

  it('refuses a rebinding Host name', () => {
    expect(checkRequestOrigin(request({ host: 'evil.example.com:3001' }), policy)).toContain('not allowed');
    expect(checkRequestOrigin(request({ host: '0.0.0.0:3001' }), policy)).toContain('not allowed');
    expect(checkRequestOrigin(request({}), policy)).toBe('Missing Host header.');
  });

  it('refuses a foreign page, another local page and Origin: null', () => {
    expect(
      checkRequestOrigin(request({ host: 'localhost:3001', origin: 'http://evil.example.com' }), policy),
    ).toContain('LOUPE_ALLOWED_ORIGINS=http://evil.example.com');
    expect(checkRequestOrigin(request({ host: 'localhost:3001', origin: 'http://localhost:8888' }), policy)).toContain(
      'not allowed',
    );
    expect(checkRequestOrigin(request({ host: 'localhost:3001', origin: 'null' }), policy)).toContain('"null"');
    expect(checkRequestOrigin(request({ host: 'localhost:3001', origin: 'garbage' }), policy)).toContain('not allowed');
  });

  it('refuses a cross-site request that carries no Origin (an <img> or <script> load)', () => {
    for (const site of ['cross-site', 'same-site'])
      expect(checkRequestOrigin(request({ host: 'localhost:3001', 'sec-fetch-site': site }), policy)).toContain(
        'another site',
      );
  });

  it('reads origin lists as typed in an environment variable', () => {
    expect(parseOriginList(' http://LOCALHOST:5173/ , https://loupe.example,, ')).toEqual([
      'http://localhost:5173',
      'https://loupe.example',
    ]);
    expect(parseOriginList(undefined)).toEqual([]);
    expect(loopbackOrigins(4173)).toEqual(['http://localhost:4173', 'http://127.0.0.1:4173', 'http://[::1]:4173']);
  });
});
