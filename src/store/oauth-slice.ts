// OAuth sign-in on the main thread: which servers ask to sign in, which are signed in, and what went wrong.
import type { OAuthCallbackParams } from '../protocol/oauth-messages';
import { listenForOAuthCallback, stateOfAuthorizeUrl } from './listen-oauth-callback';
import { describeError, type GetLoupeState, type SetLoupeState, type SliceDependencies } from './loupe-state';
import { saveSignIn } from './persist-oauth';
import type { OAuthView, OAuthSlice } from './oauth-state';

export type { OAuthView, OAuthSlice } from './oauth-state';

const empty: OAuthView = { signedIn: false, busy: false };
const noState =
  'This server’s sign-in address carries no state to check the answer against, so Loupe will not use it. Press Reconnect to ask again.';
const noChannel =
  'This browser cannot hand a sign-in back to Loupe (it has no BroadcastChannel). Try a current browser.';

export function createOAuthSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): OAuthSlice {
  let stopListening: (() => void) | undefined;
  const patch = (serverId: string, change: Partial<OAuthView>, drop: (keyof OAuthView)[] = []) =>
    set((state) => {
      const next: OAuthView = { ...(state.oauth[serverId] ?? empty), ...change };
      for (const key of drop) delete next[key];
      return { oauth: { ...state.oauth, [serverId]: next } };
    });
  const urlOf = (serverId: string) => get().servers.find((server) => server.id === serverId)?.url;

  const finish = async (serverId: string, callback: OAuthCallbackParams, remember: boolean) => {
    try {
      await deps.client.send({ type: 'oauth-complete', serverId, callback, remember });
      patch(serverId, { busy: false }, ['error', 'authorizeUrl']);
    } catch (error) {
      patch(serverId, { busy: false, error: describeError(error) });
    }
  };

  return {
    oauth: {},
    applyOAuthEvent(event) {
      switch (event.kind) {
        case 'authorize':
          patch(event.serverId, { authorizeUrl: event.url, signedIn: false });
          return;
        case 'signed-in': {
          patch(
            event.serverId,
            { signedIn: true, busy: false, ...(event.client === undefined ? {} : { client: event.client }) },
            event.client === undefined ? ['authorizeUrl', 'error', 'client'] : ['authorizeUrl', 'error'],
          );
          const url = urlOf(event.serverId);
          // Not remembered this time: a sign-in stored earlier for this address must not outlive it.
          if (url !== undefined) saveSignIn(deps.storage, url, event.saved);
          return;
        }
        case 'signed-out': {
          patch(event.serverId, { signedIn: false, busy: false }, ['error', 'client']);
          const url = urlOf(event.serverId);
          if (url !== undefined) saveSignIn(deps.storage, url, undefined);
          return;
        }
      }
    },
    awaitSignIn(serverId, remember) {
      stopListening?.();
      stopListening = undefined;
      const expectedState = stateOfAuthorizeUrl(get().oauth[serverId]?.authorizeUrl ?? '');
      if (expectedState === undefined || expectedState === '') {
        patch(serverId, { busy: false, error: noState });
        return false;
      }
      stopListening = listenForOAuthCallback(expectedState, (callback) => {
        stopListening = undefined;
        void finish(serverId, callback, remember);
      });
      if (stopListening === undefined) {
        patch(serverId, { busy: false, error: noChannel });
        return false;
      }
      patch(serverId, { busy: true }, ['error']);
      return true;
    },
    abandonSignIn(serverId, message) {
      if (stopListening === undefined) return;
      stopListening();
      stopListening = undefined;
      patch(serverId, { busy: false, ...(message === undefined ? {} : { error: message }) });
    },
    async signOut(serverId) {
      try {
        await deps.client.send({ type: 'oauth-sign-out', serverId });
      } catch (error) {
        patch(serverId, { error: describeError(error) });
      }
    },
  };
}
