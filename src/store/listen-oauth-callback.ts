// Hears the sign-in page (public/oauth-callback.js) come back over BroadcastChannel, for one expected `state`.
import type { OAuthCallbackParams } from '../protocol/oauth-messages';

/** The channel name and message types the callback page and the app use. */
export const OAUTH_CHANNEL = 'loupe-oauth';
export const OAUTH_CALLBACK_MESSAGE = 'loupe-oauth-callback';
/** The app's answer to the page: "this sign-in is mine, you can close". Sent only for the expected state. */
export const OAUTH_ACK_MESSAGE = 'loupe-oauth-ack';

function paramsOf(data: unknown): OAuthCallbackParams | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, params } = data as { type?: unknown; params?: unknown };
  if (type !== OAUTH_CALLBACK_MESSAGE || typeof params !== 'object' || params === null) return undefined;
  const result: OAuthCallbackParams = {};
  for (const key of ['code', 'state', 'error', 'errorDescription', 'iss'] as const) {
    const value = (params as Record<string, unknown>)[key];
    if (typeof value === 'string') result[key] = value;
  }
  return result;
}

/** The `state` an authorization URL carries (the sign-in page must bring the same one back), if any. */
export function stateOfAuthorizeUrl(url: string): string | undefined {
  try {
    return new URL(url).searchParams.get('state') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `onCallback` once, with the first answer of the sign-in page that carries `expectedState`, tells
 * the page it was taken (so it closes), then stops listening. An answer with another state or none — stale,
 * or an address someone else crafted to make Loupe show their `error_description` — is ignored without a
 * word and listening goes on, so it can neither show anything nor stand in for the real answer. The page
 * is opened with `noopener`, so BroadcastChannel (same origin only) is the only way back. Returns a
 * function that stops early, or undefined when this browser has no BroadcastChannel.
 */
export function listenForOAuthCallback(
  expectedState: string,
  onCallback: (params: OAuthCallbackParams) => void,
): (() => void) | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  let done = false;
  const stop = () => {
    done = true;
    channel.close();
  };
  channel.onmessage = (event: MessageEvent) => {
    const params = paramsOf(event.data);
    if (done || params === undefined || expectedState === '' || params.state !== expectedState) return;
    channel.postMessage({ type: OAUTH_ACK_MESSAGE, state: expectedState });
    stop();
    onCallback(params);
  };
  return stop;
}
