import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OAuthCallbackParams } from '../protocol/oauth-messages';
import {
  listenForOAuthCallback,
  OAUTH_ACK_MESSAGE,
  OAUTH_CALLBACK_MESSAGE,
  OAUTH_CHANNEL,
  stateOfAuthorizeUrl,
} from './listen-oauth-callback';

// The sign-in page's side: a channel of its own, as public/oauth-callback.js opens it.
const pages: BroadcastChannel[] = [];
function signInPage(): { send: (params: OAuthCallbackParams) => void; acks: unknown[] } {
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  pages.push(channel);
  const acks: unknown[] = [];
  channel.onmessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown }).type === OAUTH_ACK_MESSAGE) acks.push(event.data);
  };
  return { send: (params) => channel.postMessage({ type: OAUTH_CALLBACK_MESSAGE, params }), acks };
}

afterEach(() => {
  for (const channel of pages.splice(0)) channel.close();
});

describe('stateOfAuthorizeUrl', () => {
  it('reads the state an authorization URL carries', () => {
    expect(stateOfAuthorizeUrl('http://auth.test/authorize?client_id=c&state=s-1')).toBe('s-1');
    expect(stateOfAuthorizeUrl('http://auth.test/authorize?client_id=c')).toBeUndefined();
    expect(stateOfAuthorizeUrl('not a url')).toBeUndefined();
  });
});

describe('listenForOAuthCallback', () => {
  it('ignores answers with another state or none, error text included, and keeps listening', async () => {
    const heard: OAuthCallbackParams[] = [];
    const stop = listenForOAuthCallback('s-1', (params) => heard.push(params));
    // One sender, so its messages arrive in order: the real answer is heard only after the forged ones.
    const page = signInPage();
    page.send({ error: 'access_denied', errorDescription: 'Call +1 555 0100 to unlock your account', state: 'forged' });
    page.send({ error: 'access_denied', errorDescription: 'No state at all' });
    page.send({ code: 'stolen-code' });
    page.send({ code: 'c-1', state: 's-1' });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard).toEqual([{ code: 'c-1', state: 's-1' }]);
    await vi.waitFor(() => expect(page.acks).toEqual([{ type: OAUTH_ACK_MESSAGE, state: 's-1' }]));
    stop?.();
  });

  it('takes one answer only, and nothing after stop', async () => {
    const heard: OAuthCallbackParams[] = [];
    listenForOAuthCallback('s-1', (params) => heard.push(params));
    const stopped: OAuthCallbackParams[] = [];
    listenForOAuthCallback('s-2', (params) => stopped.push(params))?.();
    const later: OAuthCallbackParams[] = [];
    listenForOAuthCallback('s-2', (params) => later.push(params));
    const page = signInPage();
    page.send({ code: 'c-1', state: 's-1' });
    page.send({ code: 'c-2', state: 's-1' });
    page.send({ code: 'c-3', state: 's-2' });
    // The listener closes itself on the first answer, and a stopped one is closed: neither can hear more.
    await vi.waitFor(() => expect(later).toHaveLength(1));
    expect(heard).toEqual([{ code: 'c-1', state: 's-1' }]);
    expect(stopped).toEqual([]);
  });

  it('passes on an error answer that carries the expected state (the server really refused)', async () => {
    const heard: OAuthCallbackParams[] = [];
    listenForOAuthCallback('s-1', (params) => heard.push(params));
    signInPage().send({
      error: 'access_denied',
      errorDescription: 'The person declined.',
      state: 's-1',
      code: 5,
    } as never);
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard).toEqual([{ error: 'access_denied', errorDescription: 'The person declined.', state: 's-1' }]);
  });
});
