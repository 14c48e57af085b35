import { describe, expect, it } from 'vitest';
import { parseServerOAuthSettings, readServerOAuthSettings } from './read-server-oauth-settings';

describe('server OAuth settings', () => {
  it('reads a client id and space-separated scopes, dropping blanks and repeats', () => {
    expect(parseServerOAuthSettings({ clientId: '  loupe-by-hand ', scopes: ' mcp:read  profile mcp:read\n' })).toEqual(
      {
        ok: true,
        settings: { clientId: 'loupe-by-hand', scopes: ['mcp:read', 'profile'] },
      },
    );
    expect(parseServerOAuthSettings({ clientId: '', scopes: '' })).toEqual({ ok: true, settings: undefined });
  });

  it('refuses what cannot be a client id or a scope, in plain words', () => {
    expect(parseServerOAuthSettings({ clientId: 'x'.repeat(513), scopes: '' })).toMatchObject({
      ok: false,
      problems: ['OAuth client ID: at most 512 characters.'],
    });
    expect(parseServerOAuthSettings({ clientId: 'naïve\u0000', scopes: '' })).toMatchObject({ ok: false });
    const bad = parseServerOAuthSettings({ clientId: '', scopes: 'ok "quoted" back\\slash émoji' });
    expect(bad).toMatchObject({ ok: false, problems: [expect.stringMatching(/"\\"quoted\\"".*cannot be a scope/)] });
    expect(
      parseServerOAuthSettings({ clientId: '', scopes: Array.from({ length: 51 }, (_, i) => `s${i}`).join(' ') }),
    ).toMatchObject({
      ok: false,
      problems: ['OAuth scopes: at most 50.'],
    });
  });

  it('reads stored settings leniently: anything malformed is dropped, never thrown', () => {
    expect(readServerOAuthSettings({ clientId: 'a', scopes: ['x', 'y'] })).toEqual({
      clientId: 'a',
      scopes: ['x', 'y'],
    });
    for (const junk of [null, 'a', [], { clientId: 5 }, { scopes: 'x y' }, { scopes: [1] }, { clientId: 'b\u0001d' }])
      expect(readServerOAuthSettings(junk)).toBeUndefined();
  });
});
