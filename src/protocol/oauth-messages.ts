// The OAuth 2.1 sign-in part of the worker ⇄ UI contract. Types only.

/** OAuth 2.0 tokens as the authorization server issued them (RFC 6749 §5.1). */
export interface OAuthTokenSet {
  access_token: string;
  token_type: string;
  expires_in?: number | undefined;
  refresh_token?: string | undefined;
  scope?: string | undefined;
  id_token?: string | undefined;
}

/**
 * What a remembered sign-in keeps: the tokens and the client registration they were issued to. Kept by the
 * main thread (keyed by server URL) only when the person ticked "Remember sign-in on this device".
 */
export interface SavedOAuthSignIn {
  tokens: OAuthTokenSet;
  /** When the access token ends (ms since 1970), from its `expires_in`; absent when unknown. */
  expiresAt?: number;
  /** The dynamic client registration (client_id and what came with it). */
  clientInformation?: Record<string, unknown>;
}

/**
 * How Loupe was registered as the OAuth client of a sign-in: its Client ID Metadata Document (the `client_id` is
 * the document's HTTPS URL), a client id registered by hand at the authorization server, or dynamic registration
 * (RFC 7591, the `client_id` the server issued). Public information: never a secret.
 */
export interface OAuthClientRegistration {
  kind: 'metadata-document' | 'pre-registered' | 'dynamic';
  clientId: string;
}

/** What the worker reports about a server's sign-in. */
export type OAuthEvent =
  /** The server needs the person to sign in at `url` (open it in a popup from a click). */
  | { kind: 'authorize'; serverId: string; url: string }
  /**
   * Signed in; `saved` is present only when the person asked to be remembered (the UI stores it); `client` says
   * which client registration the tokens were issued to.
   */
  | { kind: 'signed-in'; serverId: string; saved?: SavedOAuthSignIn; client?: OAuthClientRegistration }
  /** Tokens cleared (sign out). */
  | { kind: 'signed-out'; serverId: string };

/** What the sign-in page (`/oauth-callback.html`) read from its URL. */
export interface OAuthCallbackParams {
  code?: string;
  state?: string;
  /** The authorization server's error code (`access_denied`, …), RFC 6749 §4.1.2.1. */
  error?: string;
  errorDescription?: string;
  /** The issuer that sent the answer (RFC 9207); checked against the one Loupe signed in with. */
  iss?: string;
}

/** OAuth commands the UI sends. */
export type OAuthCommand =
  /** The sign-in page came back: the worker checks `state`, trades the code for tokens and reconnects. */
  | { type: 'oauth-complete'; serverId: string; callback: OAuthCallbackParams; remember: boolean }
  /** Forgets the server's tokens (and registration) and reconnects, which asks to sign in again. */
  | { type: 'oauth-sign-out'; serverId: string }
  /** Hands a remembered sign-in to the worker; sent before `server-add` of that server. */
  | { type: 'oauth-restore'; serverId: string; saved: SavedOAuthSignIn };

/** The value each OAuth command's reply carries. */
export interface OAuthCommandResults {
  'oauth-complete': null;
  'oauth-sign-out': null;
  'oauth-restore': null;
}
