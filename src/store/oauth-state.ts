// What the OAuth slice holds and does. Types only.
import type { OAuthClientRegistration, OAuthEvent } from '../protocol/oauth-messages';

/** One server's sign-in as the server item shows it. */
export interface OAuthView {
  /** Set while the server waits for the person to sign in at this address. */
  authorizeUrl?: string;
  signedIn: boolean;
  /** Which client registration the sign-in used (shown once signed in). */
  client?: OAuthClientRegistration;
  /** A sign-in window is open or the code is being traded. */
  busy: boolean;
  error?: string;
}

export interface OAuthSlice {
  oauth: Record<string, OAuthView>;
  applyOAuthEvent: (event: OAuthEvent) => void;
  /**
   * Call from the click, before opening the sign-in window: listens for the answer that carries the state
   * of the server's authorization URL, then finishes. False (with the reason in `error`) when the answer
   * could not be checked or heard; then do not open the window.
   */
  awaitSignIn: (serverId: string, remember: boolean) => boolean;
  /** Stops waiting for the sign-in window (the person cancelled), and says `message` if given. */
  abandonSignIn: (serverId: string, message?: string) => void;
  signOut: (serverId: string) => Promise<void>;
}
