// What the OAuth slice holds and does. Types only.
import type { OAuthEvent } from '../protocol/oauth-messages';

/** One server's sign-in as the server item shows it. */
export interface OAuthView {
  /** Set while the server waits for the person to sign in at this address. */
  authorizeUrl?: string;
  signedIn: boolean;
  /** A sign-in window is open or the code is being traded. */
  busy: boolean;
  error?: string;
}

export interface OAuthSlice {
  oauth: Record<string, OAuthView>;
  applyOAuthEvent: (event: OAuthEvent) => void;
  /** Call right after opening the sign-in window (from the click): waits for it to come back, then finishes. */
  awaitSignIn: (serverId: string, remember: boolean) => void;
  /** The sign-in window could not open, or closed before it came back: stops waiting and says `message`. */
  abandonSignIn: (serverId: string, message: string) => void;
  signOut: (serverId: string) => Promise<void>;
}
