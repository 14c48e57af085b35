// The worker side of OAuth 2.1 sign-in against a real SDK server that requires it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REAL_IO_WAIT } from '../../test/support/real-io-wait';
import { startOAuthMcpServer, type OAuthMcpServerHandle } from '../../test/servers/oauth-server';
import { startOAuthWorkerHost } from '../../test/support/oauth-worker-host';
import type { OAuthCallbackParams, OAuthEvent } from '../protocol/oauth-messages';
import type { ServerState } from '../protocol/server-status';
import type { OAuthHost } from './oauth-host';
import type { ServerRegistry } from './server-registry';

const appOrigin = 'http://127.0.0.1:5999';
let server: OAuthMcpServerHandle;
let events: OAuthEvent[];
let states: ServerState[];
let registry: ServerRegistry;
let oauth: OAuthHost;

const lastState = () => states.filter((state) => state.serverId === 's1').at(-1);
const authorizeUrls = () => events.flatMap((event) => (event.kind === 'authorize' ? [new URL(event.url)] : []));

/** What the popup would do: follow the authorization URL (consent is automatic) and read the redirect. */
async function consent(url: URL): Promise<OAuthCallbackParams> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${appOrigin}/oauth-callback.html`);
  const read = (name: string) => back.searchParams.get(name) ?? undefined;
  const result: OAuthCallbackParams = {};
  for (const [key, name] of [
    ['code', 'code'],
    ['state', 'state'],
    ['error', 'error'],
    ['errorDescription', 'error_description'],
  ] as const) {
    const value = read(name);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

async function waitForSignInPrompt(count: number): Promise<URL> {
  await vi.waitFor(() => {
    expect(lastState()?.status).toBe('error');
    expect(authorizeUrls()).toHaveLength(count);
  }, REAL_IO_WAIT);
  expect(lastState()?.problem?.message).toBe('This server needs you to sign in.');
  return authorizeUrls()[count - 1] as URL;
}

beforeEach(async () => {
  server = await startOAuthMcpServer();
  ({ oauth, registry, events, states } = startOAuthWorkerHost(appOrigin));
  registry.add({ id: 's1', name: 'secure', url: server.url, headers: {}, includeInstructions: true });
});

afterEach(async () => {
  await registry.closeAll();
  await server.close();
});

describe('OAuth sign-in in the worker', () => {
  it('asks to sign in, trades the code, connects, calls a tool with the token, and asks again after sign-out', async () => {
    const url = await waitForSignInPrompt(1);
    expect(url.pathname).toBe('/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe(`${appOrigin}/oauth-callback.html`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/.{16,}/);

    const callback = await consent(url);
    await oauth.execute({ type: 'oauth-complete', serverId: 's1', callback, remember: false });
    await vi.waitFor(() => expect(lastState()?.status).toBe('connected'), REAL_IO_WAIT);
    // Not remembered (no `saved`); the client Loupe registered dynamically is named.
    expect(events).toContainEqual({
      kind: 'signed-in',
      serverId: 's1',
      client: { kind: 'dynamic', clientId: url.searchParams.get('client_id') },
    });
    expect(server.issuedTokens).toHaveLength(1);

    const whoami = registry
      .connection('s1')
      .tools.find((tool) => tool.origin.kind === 'mcp' && tool.origin.toolName === 'whoami');
    const output = await whoami?.run({}, { signal: new AbortController().signal, onProgress: () => {}, log: () => {} });
    const first = output?.content[0];
    expect(first?.type === 'text' ? first.text : first).toMatch(/^signed in as [0-9a-f-]{36}$/);

    await oauth.execute({ type: 'oauth-sign-out', serverId: 's1' });
    expect(events).toContainEqual({ kind: 'signed-out', serverId: 's1' });
    await waitForSignInPrompt(2);
  });

  it('hands the tokens to the main thread only when the person asks to be remembered', async () => {
    const callback = await consent(await waitForSignInPrompt(1));
    await oauth.execute({ type: 'oauth-complete', serverId: 's1', callback, remember: true });
    const signedIn = events.find((event) => event.kind === 'signed-in');
    expect(signedIn?.kind === 'signed-in' && signedIn.saved?.tokens.access_token).toBe(server.issuedTokens[0]);
    expect(signedIn?.kind === 'signed-in' && signedIn.saved?.clientInformation?.['client_id']).toEqual(
      expect.any(String),
    );
    await vi.waitFor(() => expect(lastState()?.status).toBe('connected'), REAL_IO_WAIT);
  });

  it('a remembered sign-in restored after a reload says at once that it is signed in, and with which client', async () => {
    const callback = await consent(await waitForSignInPrompt(1));
    await oauth.execute({ type: 'oauth-complete', serverId: 's1', callback, remember: true });
    const first = events.find((event) => event.kind === 'signed-in');
    if (first?.kind !== 'signed-in' || first.saved === undefined) throw new Error('not remembered');
    // The reload: a new worker host and registry get the remembered sign-in first, then the server.
    await registry.closeAll();
    ({ oauth, registry, events, states } = startOAuthWorkerHost(appOrigin));
    await oauth.execute({ type: 'oauth-restore', serverId: 's1', saved: first.saved });
    registry.add({ id: 's1', name: 'secure', url: server.url, headers: {}, includeInstructions: true });
    await vi.waitFor(() => expect(lastState()?.status).toBe('connected'), REAL_IO_WAIT);
    expect(events).toEqual([{ kind: 'signed-in', serverId: 's1', saved: first.saved, client: first.client }]);
    expect(first.client).toMatchObject({ kind: 'dynamic' });
  });

  it('refuses an answer whose state is not the one it sent, and says so', async () => {
    const callback = await consent(await waitForSignInPrompt(1));
    await expect(
      oauth.execute({
        type: 'oauth-complete',
        serverId: 's1',
        callback: { ...callback, state: 'forged' },
        remember: false,
      }),
    ).rejects.toThrow(/state mismatch/);
    expect(server.issuedTokens).toHaveLength(0);
  });

  it('checks the state before reading an error: a crafted error answer gets a general refusal, not its words', async () => {
    await waitForSignInPrompt(1);
    for (const state of ['forged', undefined]) {
      const attempt = oauth.execute({
        type: 'oauth-complete',
        serverId: 's1',
        callback: {
          error: 'access_denied',
          errorDescription: 'Your account is locked: call +1 555 0100',
          ...(state === undefined ? {} : { state }),
        },
        remember: false,
      });
      await expect(attempt).rejects.toThrow(/state mismatch/);
      await expect(attempt).rejects.not.toThrow(/555 0100|declined|locked/);
    }
  });

  it('takes an answer once: the same callback again is refused like a forged one', async () => {
    const callback = await consent(await waitForSignInPrompt(1));
    await oauth.execute({ type: 'oauth-complete', serverId: 's1', callback, remember: false });
    await expect(oauth.execute({ type: 'oauth-complete', serverId: 's1', callback, remember: false })).rejects.toThrow(
      /state mismatch/,
    );
    expect(server.issuedTokens).toHaveLength(1);
  });

  it('says plainly when the person declined', async () => {
    server.setDeny(true);
    const callback = await consent(await waitForSignInPrompt(1));
    expect(callback.error).toBe('access_denied');
    await expect(oauth.execute({ type: 'oauth-complete', serverId: 's1', callback, remember: false })).rejects.toThrow(
      /^Sign-in was declined \(The person declined\.\)\. Press Sign in to try again\.$/,
    );
  });

  it('reports a refused code from the token endpoint in plain words', async () => {
    const callback = await consent(await waitForSignInPrompt(1));
    await expect(
      oauth.execute({
        type: 'oauth-complete',
        serverId: 's1',
        callback: { ...callback, code: 'wrong' },
        remember: false,
      }),
    ).rejects.toThrow(/token endpoint refused/);
  });
});
