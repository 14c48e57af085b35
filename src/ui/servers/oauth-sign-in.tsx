// A server's OAuth sign-in: the "Sign in" prompt (the window opens from the click, never by itself), errors, Sign out.
import { useId, useState } from 'react';
import type { ServerStatusWord } from '../../protocol/server-status';
import type { ServerConfig } from '../../protocol/settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import { checkAuthorizationUrl } from '../../shared/check-authorization-url';
import { describeOAuthClient } from './describe-oauth-client';

/** Whether the server item should show the sign-in prompt instead of its connection problem. */
export function useNeedsSignIn(serverId: string, status: ServerStatusWord): boolean {
  const view = useLoupeStore((store) => store.oauth[serverId]);
  return view?.authorizeUrl !== undefined && !view.signedIn && status === 'error';
}

export function OAuthSignIn({ server, status }: { server: ServerConfig; status: ServerStatusWord }) {
  const view = useLoupeStore((store) => store.oauth[server.id]);
  const awaitSignIn = useLoupeStore((store) => store.awaitSignIn);
  const abandonSignIn = useLoupeStore((store) => store.abandonSignIn);
  const signOut = useLoupeStore((store) => store.signOut);
  const needsSignIn = useNeedsSignIn(server.id, status);
  const [remember, setRemember] = useState(false);
  const rememberId = useId();
  if (view === undefined) return null;

  const signIn = () => {
    if (view.authorizeUrl === undefined) return;
    // The worker checked it already; checked again where the window opens, so no other path can skip it.
    if (checkAuthorizationUrl(view.authorizeUrl, server.url) !== undefined) return;
    if (!awaitSignIn(server.id, remember)) return;
    // noopener and noreferrer: the sign-in page gets no handle on this window and no Referer; its answer comes
    // back over BroadcastChannel. With noopener, open() returns null whether or not a window opened, so a
    // blocked or closed window cannot be seen: the prompt says what to do instead, and Cancel stops waiting.
    window.open(view.authorizeUrl, '_blank', 'popup,width=520,height=700,noopener,noreferrer');
  };

  return (
    <div className="mt-2 space-y-1.5 text-xs">
      {needsSignIn && (
        <div className="rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          <p className="font-medium">This server needs you to sign in</p>
          <p className="mt-0.5 text-amber-800/90 dark:text-amber-200/80">
            {view.busy
              ? 'Finish signing in in the window that opened; Loupe connects when you are done. No window? Allow pop-ups for Loupe and press Sign in again.'
              : 'Its sign-in page opens in a small window; Loupe connects when you are done.'}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <button
              type="button"
              className="rounded-md bg-indigo-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-indigo-500 disabled:opacity-60"
              aria-label={`Sign in to ${server.name}`}
              onClick={signIn}
            >
              {view.busy ? 'Sign in again' : 'Sign in'}
            </button>
            {view.busy && (
              <button
                type="button"
                className={smallButtonClass}
                aria-label={`Cancel sign-in to ${server.name}`}
                onClick={() => abandonSignIn(server.id)}
              >
                Cancel
              </button>
            )}
            <label htmlFor={rememberId} className="flex items-center gap-1.5">
              <input
                id={rememberId}
                type="checkbox"
                className="size-3.5 accent-indigo-600"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
              />
              Remember sign-in on this device
            </label>
          </div>
          <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
            {remember
              ? 'The OAuth tokens will be stored in this browser’s local storage (loupe.oauth), in plain text, for this server only.'
              : 'The OAuth tokens are kept in the engine worker’s memory only: they are gone when you close the tab.'}
          </p>
        </div>
      )}
      {view.error !== undefined && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-red-800 dark:bg-red-500/10 dark:text-red-300">
          {view.error}
        </p>
      )}
      {view.signedIn && (
        <p className="flex items-center gap-2 text-zinc-600 dark:text-zinc-400">
          <span className="min-w-0 break-all">
            Signed in with OAuth{view.client === undefined ? '' : ` · ${describeOAuthClient(view.client)}`}
          </span>
          <button
            type="button"
            className={smallButtonClass}
            aria-label={`Sign out of ${server.name}`}
            onClick={() => void signOut(server.id)}
          >
            Sign out
          </button>
        </p>
      )}
    </div>
  );
}
