import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHostname, lookupLoopbackOnly } from './loopback';

describe('loopback', () => {
  it('knows loopback addresses and names, and nothing else', () => {
    for (const name of ['localhost', 'LOCALHOST.', 'mcp.localhost', '127.0.0.1', '127.9.9.9', '[::1]', '::1'])
      expect(isLoopbackHostname(name), name).toBe(true);
    for (const name of ['0.0.0.0', '10.0.0.1', '[::]', 'localhost.evil.example', 'example.com', '[::ffff:a00:1]'])
      expect(isLoopbackHostname(name), name).toBe(false);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
  });

  it('resolves localhost to loopback and refuses what does not resolve there', async () => {
    const resolve = (name: string) =>
      new Promise<string>((done) =>
        lookupLoopbackOnly(name, {}, (error, address) =>
          done(error === null ? JSON.stringify(address) : String(error.code)),
        ),
      );
    expect(await resolve('localhost')).toMatch(/^"(127\.|::1)/);
    // An IP literal resolves to itself: a non-loopback one must be refused at connect time too.
    expect(await resolve('10.1.2.3')).toBe('ENOTLOOPBACK');
  });
});
