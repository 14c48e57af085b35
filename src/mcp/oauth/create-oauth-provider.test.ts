import { describe, expect, it } from 'vitest';
import type { SavedOAuthSignIn } from '../../protocol/oauth-messages';
import { createOAuthProvider } from './create-oauth-provider';

const tokens = { access_token: 'at-1', token_type: 'bearer', refresh_token: 'rt-1' };
const client = { client_id: 'c-1', redirect_uris: ['http://app.test/oauth-callback.html'] };

function setup() {
  const handed: (SavedOAuthSignIn | undefined)[] = [];
  const authorized: string[] = [];
  const provider = createOAuthProvider({
    serverId: 's1',
    appOrigin: 'http://app.test',
    onAuthorize: (url) => authorized.push(url),
    onTokens: (saved) => handed.push(saved),
    createState: () => 'state-1',
  });
  return { provider, handed, authorized };
}

describe('createOAuthProvider', () => {
  it('registers as a public Loupe client redirecting to the callback page', () => {
    const { provider } = setup();
    expect(provider.redirectUrl).toBe('http://app.test/oauth-callback.html');
    expect(provider.clientMetadata).toMatchObject({
      client_name: 'Loupe',
      redirect_uris: ['http://app.test/oauth-callback.html'],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('keeps tokens in memory and hands none to the main thread unless remembered', async () => {
    const { provider, handed } = setup();
    await provider.saveClientInformation?.(client);
    await provider.saveTokens(tokens);
    expect(await provider.tokens()).toEqual(tokens);
    expect(handed).toEqual([undefined]);
    provider.setRemember(true);
    await provider.saveTokens({ ...tokens, access_token: 'at-2' });
    expect(handed[1]).toEqual({ tokens: { ...tokens, access_token: 'at-2' }, clientInformation: client });
  });

  it('restores a remembered sign-in, which keeps later refreshed tokens remembered', async () => {
    const { provider, handed } = setup();
    provider.restore({ tokens, clientInformation: client });
    expect(provider.hasTokens()).toBe(true);
    expect(await provider.clientInformation()).toEqual(client);
    await provider.saveTokens({ ...tokens, access_token: 'at-3' });
    expect(handed[0]?.tokens.access_token).toBe('at-3');
  });

  it('checks the state it sent, passes the authorization URL on, and forgets everything on clear', async () => {
    const { provider, authorized } = setup();
    expect(provider.isExpectedState('state-1')).toBe(false);
    expect(await provider.state?.()).toBe('state-1');
    expect(provider.isExpectedState('state-1')).toBe(true);
    expect(provider.isExpectedState('other')).toBe(false);
    await provider.redirectToAuthorization(new URL('http://auth.test/authorize?x=1'));
    expect(authorized).toEqual(['http://auth.test/authorize?x=1']);
    await provider.saveCodeVerifier('verifier');
    await provider.saveTokens(tokens);
    provider.clear();
    expect(provider.hasTokens()).toBe(false);
    expect(await provider.clientInformation()).toBeUndefined();
    expect(() => provider.codeVerifier()).toThrow(/Sign in again/i);
    expect(provider.isExpectedState('state-1')).toBe(false);
  });

  it('spends the state on the answer it takes: a replay, a wrong or a missing state is refused', async () => {
    const { provider } = setup();
    expect(provider.takeState('state-1')).toBe(false);
    await provider.state?.();
    expect(provider.takeState('other')).toBe(false);
    expect(provider.takeState(undefined)).toBe(false);
    expect(provider.takeState('state-1')).toBe(true);
    expect(provider.takeState('state-1')).toBe(false);
    expect(provider.isExpectedState('state-1')).toBe(false);
  });
  it('offers a Client ID Metadata Document URL and keeps a pre-registered client through every reset', async () => {
    const provider = createOAuthProvider({
      serverId: 's1',
      appOrigin: 'http://app.test',
      onAuthorize: () => {},
      onTokens: () => {},
      clientMetadataUrl: 'https://app.test/oauth-client.json',
      preRegistered: { clientId: 'hand-made', clientSecret: 'shh' },
    });
    expect(provider.clientMetadataUrl).toBe('https://app.test/oauth-client.json');
    expect(await provider.clientInformation()).toEqual({ client_id: 'hand-made', client_secret: 'shh' });
    await provider.invalidateCredentials?.('all');
    expect(await provider.clientInformation()).toEqual({ client_id: 'hand-made', client_secret: 'shh' });
    provider.clear();
    expect(await provider.clientInformation()).toEqual({ client_id: 'hand-made', client_secret: 'shh' });
  });

  it('keeps discovery across the redirect only: new tokens or an invalidation forget it', async () => {
    const { provider } = setup();
    const state = { authorizationServerUrl: 'https://as.test/' };
    await provider.saveDiscoveryState?.(state);
    expect(await provider.discoveryState?.()).toEqual(state);
    await provider.saveTokens(tokens);
    expect(await provider.discoveryState?.()).toBeUndefined();
    await provider.saveDiscoveryState?.(state);
    await provider.invalidateCredentials?.('discovery');
    expect(await provider.discoveryState?.()).toBeUndefined();
    expect(provider.clientMetadataUrl).toBeUndefined();
  });
});
