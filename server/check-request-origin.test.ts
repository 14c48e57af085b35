import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkRequestOrigin, LOOPBACK_HOSTNAMES } from './check-request-origin';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const policy = { allowedHostnames: LOOPBACK_HOSTNAMES, allowedOrigins: ['https://loupe.example'] };

describe('checkRequestOrigin', () => {
  it('lets loopback hosts and pages from loopback or allowed origins in', () => {
    expect(checkRequestOrigin(request({ host: 'localhost:3001' }), policy)).toBeUndefined();
    expect(
      checkRequestOrigin(request({ host: '[::1]:3001', origin: 'http://127.0.0.1:5173' }), policy),
    ).toBeUndefined();
    expect(
      checkRequestOrigin(request({ host: '127.0.0.1:3001', origin: 'https://loupe.example' }), policy),
    ).toBeUndefined();
  });

  it('refuses a rebinding Host name and a foreign page', () => {
    expect(checkRequestOrigin(request({ host: 'evil.example.com:3001' }), policy)).toContain('not allowed');
    expect(
      checkRequestOrigin(request({ host: 'localhost:3001', origin: 'http://evil.example.com' }), policy),
    ).toContain('LOUPE_ALLOWED_ORIGINS=http://evil.example.com');
    expect(checkRequestOrigin(request({}), policy)).toBe('Missing Host header.');
  });
});
