import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION } from '../protocol/messages';
import type { OAuthCallbackParams } from '../protocol/oauth-messages';
import { createLoupeStore } from './create-loupe-store';
import { OAUTH_CALLBACK_MESSAGE, OAUTH_CHANNEL } from './listen-oauth-callback';
import { FakeEngineClient } from './testing/fake-engine-client';
import { MemoryStorage } from './testing/memory-storage';

const channels: BroadcastChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

/** A store whose demo server (`id-1`) was asked by the worker to sign in at an address with `state`. */
function setup(authorizeUrl = 'http://auth.test/authorize?client_id=c&state=s-1') {
  const client = new FakeEngineClient();
  let nextId = 1;
  const store = createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    storage: new MemoryStorage(),
    scheduleFrame: (flush) => flush(),
    createId: () => `id-${nextId++}`,
  });
  client.emit({
    v: PROTOCOL_VERSION,
    type: 'oauth',
    event: { kind: 'authorize', serverId: 'id-1', url: authorizeUrl },
  });
  const page = new BroadcastChannel(OAUTH_CHANNEL);
  channels.push(page);
  const send = (params: OAuthCallbackParams) => page.postMessage({ type: OAUTH_CALLBACK_MESSAGE, params });
  return { store, client, send };
}

describe('OAuth sign-in in the store', () => {
  it('shows nothing of an answer with a wrong state and still takes the real one', async () => {
    const { store, client, send } = setup();
    expect(store.getState().awaitSignIn('id-1', false)).toBe(true);
    expect(store.getState().oauth['id-1']).toMatchObject({ busy: true });

    send({ error: 'access_denied', errorDescription: 'Your account is locked: call +1 555 0100', state: 'forged' });
    send({ error: 'server_error', errorDescription: 'No state' });
    send({ code: 'c-1', state: 's-1' });
    await vi.waitFor(() => expect(client.sent('oauth-complete')).toHaveLength(1));
    expect(client.sent('oauth-complete')[0]).toEqual({
      type: 'oauth-complete',
      serverId: 'id-1',
      callback: { code: 'c-1', state: 's-1' },
      remember: false,
    });
    await vi.waitFor(() => expect(store.getState().oauth['id-1']?.busy).toBe(false));
    expect(JSON.stringify(store.getState())).not.toContain('555 0100');
  });

  it('forwards an error answer that carries the right state, for the worker to put in plain words', async () => {
    const { store, client, send } = setup();
    store.getState().awaitSignIn('id-1', true);
    send({ error: 'access_denied', state: 's-1' });
    await vi.waitFor(() => expect(client.sent('oauth-complete')).toHaveLength(1));
    expect(client.sent('oauth-complete')[0]?.callback).toEqual({ error: 'access_denied', state: 's-1' });
  });

  it('refuses to wait when the sign-in address carries no state, and says why', () => {
    const { store } = setup('http://auth.test/authorize?client_id=c');
    expect(store.getState().awaitSignIn('id-1', false)).toBe(false);
    expect(store.getState().oauth['id-1']).toMatchObject({
      busy: false,
      error: expect.stringContaining('no state') as string,
    });
  });

  it('stops waiting on cancel, without an error', async () => {
    const { store, client, send } = setup();
    store.getState().awaitSignIn('id-1', false);
    store.getState().abandonSignIn('id-1');
    expect(store.getState().oauth['id-1']).toEqual({
      authorizeUrl: 'http://auth.test/authorize?client_id=c&state=s-1',
      signedIn: false,
      busy: false,
    });
    // A later answer finds nobody listening (the cancelled listener's channel is closed).
    const observer = new BroadcastChannel(OAUTH_CHANNEL);
    channels.push(observer);
    const seen = new Promise((resolve) => (observer.onmessage = resolve));
    send({ code: 'c-1', state: 's-1' });
    await seen;
    store.getState().awaitSignIn('id-1', false);
    send({ code: 'c-2', state: 's-1' });
    await vi.waitFor(() => expect(client.sent('oauth-complete')).toHaveLength(1));
    expect(client.sent('oauth-complete')[0]?.callback.code).toBe('c-2');
  });
});
