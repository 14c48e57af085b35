import { chmodSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN_ENV, defaultTokenFile, resolveBridgeToken } from './bridge-token';

const folder = () => mkdtempSync(join(tmpdir(), 'bridge-token-'));

describe('resolveBridgeToken', () => {
  it('makes a new token at each start unless told to keep one', () => {
    const first = resolveBridgeToken({ keepToken: false, env: {} });
    const second = resolveBridgeToken({ keepToken: false, env: {} });
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(second.token).not.toBe(first.token);
    expect(first.note).toMatch(/new at each start/);
  });

  it('keeps the token in a file readable by its owner only, in a folder of its own, and reads it back', () => {
    const file = join(folder(), 'loupe', 'bridge-token');
    const first = resolveBridgeToken({ keepToken: true, tokenFile: file, env: {} });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.token);
    expect(resolveBridgeToken({ keepToken: true, tokenFile: file, env: {} }).token).toBe(first.token);
  });

  it('puts the file in the config directory by default', () => {
    expect(defaultTokenFile({ XDG_CONFIG_HOME: '/home/x/.cfg' })).toBe('/home/x/.cfg/loupe/bridge-token');
    // A relative XDG_CONFIG_HOME is ignored, as the XDG spec says.
    expect(defaultTokenFile({ XDG_CONFIG_HOME: 'rel' })).toMatch(/\.config\/loupe\/bridge-token$/);
  });

  it('takes a token from the environment, and refuses one that is short or could break the URL', () => {
    const token = 'a'.repeat(20) + '_-' + 'B'.repeat(20);
    expect(resolveBridgeToken({ keepToken: true, env: { [BRIDGE_TOKEN_ENV]: token } }).token).toBe(token);
    for (const bad of ['short', 'x'.repeat(40) + '&admin=1', 'x'.repeat(40) + ' ', 'é'.repeat(40)])
      expect(() => resolveBridgeToken({ keepToken: false, env: { [BRIDGE_TOKEN_ENV]: bad } })).toThrow(
        /LOUPE_BRIDGE_TOKEN must be 32 to 256 characters/,
      );
  });

  it('refuses a kept file that others can read, that is a link, or that holds no token', () => {
    const dir = folder();
    const readable = join(dir, 'readable');
    writeFileSync(readable, 'x'.repeat(43));
    chmodSync(readable, 0o644);
    expect(() => resolveBridgeToken({ keepToken: true, tokenFile: readable, env: {} })).toThrow(/other users/);
    const target = join(dir, 'target');
    writeFileSync(target, 'y'.repeat(43), { mode: 0o600 });
    const link = join(dir, 'link');
    symlinkSync(target, link);
    expect(() => resolveBridgeToken({ keepToken: true, tokenFile: link, env: {} })).toThrow(/not a plain file/);
    const garbage = join(dir, 'garbage');
    writeFileSync(garbage, 'not a token\n', { mode: 0o600 });
    expect(() => resolveBridgeToken({ keepToken: true, tokenFile: garbage, env: {} })).toThrow(/does not hold/);
  });
});
