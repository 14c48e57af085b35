// Hears the sign-in page (public/oauth-callback.js) come back: BroadcastChannel first, window.postMessage as fallback.
import type { OAuthCallbackParams } from '../protocol/oauth-messages';

/** The channel name and message type the callback page uses. */
export const OAUTH_CHANNEL = 'loupe-oauth';
export const OAUTH_CALLBACK_MESSAGE = 'loupe-oauth-callback';

function paramsOf(data: unknown): OAuthCallbackParams | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, params } = data as { type?: unknown; params?: unknown };
  if (type !== OAUTH_CALLBACK_MESSAGE || typeof params !== 'object' || params === null) return undefined;
  const result: OAuthCallbackParams = {};
  for (const key of ['code', 'state', 'error', 'errorDescription'] as const) {
    const value = (params as Record<string, unknown>)[key];
    if (typeof value === 'string') result[key] = value;
  }
  return result;
}

/**
 * Calls `onCallback` once, with the first answer of the sign-in page (the page sends it both ways), then
 * stops listening. Only messages from this page's own origin count. Returns a function that stops early.
 */
export function listenForOAuthCallback(onCallback: (params: OAuthCallbackParams) => void): () => void {
  let done = false;
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(OAUTH_CHANNEL);
  const stop = () => {
    done = true;
    channel?.close();
    if (typeof window !== 'undefined') window.removeEventListener('message', onWindowMessage);
  };
  const receive = (data: unknown) => {
    const params = paramsOf(data);
    if (done || params === undefined) return;
    stop();
    onCallback(params);
  };
  function onWindowMessage(event: MessageEvent) {
    if (event.origin === window.location.origin) receive(event.data);
  }
  if (channel !== undefined) channel.onmessage = (event: MessageEvent) => receive(event.data);
  if (typeof window !== 'undefined') window.addEventListener('message', onWindowMessage);
  return stop;
}
