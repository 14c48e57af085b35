// Issue 36 (Low): OAuth tokens are bound to the server URL they were issued for. Signed in to one real SDK
// server, the person edits the server's URL to another: the new host must never see the old token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REAL_IO_WAIT } from '../../test/support/real-io-wait';
import { startOAuthMcpServer, type OAuthMcpServerHandle } from '../../test/servers/oauth-server';
import { startOAuthWorkerHost, type OAuthWorkerHost } from '../../test/support/oauth-worker-host';
import type { OAuthCallbackParams } from '../protocol/oauth-messages';

const appOrigin = 'http://127.0.0.1:5998';
let issuer: OAuthMcpServerHandle;
let other: OAuthMcpServerHandle;
let host: OAuthWorkerHost;

beforeEach(async () => {
  issuer = await startOAuthMcpServer();
  other = await startOAuthMcpServer();
  host = startOAuthWorkerHost(appOrigin);
});
afterEach(async () => {
  await host.registry.closeAll();
  await Promise.all([issuer.close(), other.close()]);
});

const authorizeUrls = () => host.events.flatMap((event) => (event.kind === 'authorize' ? [new URL(event.url)] : []));
const lastState = () => host.states.filter((state) => state.serverId === 's1').at(-1);

async function consent(url: URL): Promise<OAuthCallbackParams> {
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

describe('OAuth tokens are bound to the URL they were issued for', () => {
  it('does not send the token to the new host after the server URL is edited; signing in there is asked again', async () => {
    const config = { id: 's1', name: 'secure', url: issuer.url, headers: {}, includeInstructions: true };
    host.registry.add(config);
    await vi.waitFor(() => expect(authorizeUrls()).toHaveLength(1), REAL_IO_WAIT);
    const callback = await consent(authorizeUrls()[0] as URL);
    await host.oauth.execute({ type: 'oauth-complete', serverId: 's1', callback, remember: false });
    await vi.waitFor(() => expect(lastState()?.status).toBe('connected'), REAL_IO_WAIT);
    const [token] = issuer.issuedTokens;
    expect(token).toEqual(expect.any(String));

    host.registry.update({ ...config, url: other.url });
    await vi.waitFor(() => expect(authorizeUrls()).toHaveLength(2), REAL_IO_WAIT);
    expect(new URL(authorizeUrls()[1] as URL).origin).toBe(other.authorizationOrigin);
    expect(other.requests.length).toBeGreaterThan(0);
    expect(other.requests.filter((request) => JSON.stringify(request.headers).includes(token ?? '?'))).toEqual([]);
    expect(lastState()?.problem?.message).toBe('This server needs you to sign in.');
  });
});
