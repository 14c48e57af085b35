// The OAuth 2.1 client of one MCP server inside the worker: keeps its registration, PKCE verifier and tokens.
// Types only from the SDK: the provider is made with the server's config, before the SDK's chunk has loaded.
import type { OAuthClientInformationMixed, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { OAuthClientRegistration, SavedOAuthSignIn } from '../../protocol/oauth-messages';
import type { OAuthClientProvider } from '../sdk/mcp-sdk-client';

/** The page the authorization server sends the person back to, under the app's origin. */
export const OAUTH_CALLBACK_PATH = '/oauth-callback.html';

export interface CreateOAuthProviderOptions {
  serverId: string;
  /** The app's origin (`location.origin`); the redirect URL is `${appOrigin}/oauth-callback.html`. */
  appOrigin: string;
  /** A worker cannot open windows: this hands the authorization URL to the UI, which opens it from a click. */
  onAuthorize: (url: string) => void;
  /** Hears each new token set; `saved` is given only when the person asked to be remembered, else undefined. */
  onTokens: (saved: SavedOAuthSignIn | undefined) => void;
  /** Makes the `state` parameter; default `crypto.randomUUID()`. */
  createState?: () => string;
  /**
   * The HTTPS URL of Loupe's Client ID Metadata Document: used as the `client_id` where the authorization
   * server says `client_id_metadata_document_supported`, instead of dynamic registration. A promise (the
   * worker checks the document once) is awaited before the SDK asks for client information, so the choice
   * never races the check.
   */
  clientMetadataUrl?: string | Promise<string | undefined>;
  /**
   * A client registered by hand at the authorization server (for servers without dynamic registration); it
   * wins over the metadata document and dynamic registration (MCP's priority order).
   */
  preRegistered?: { clientId: string; clientSecret?: string };
  /** Scopes the person chose: asked for instead of the ones the server suggests (absent: the SDK's choice). */
  scopes?: readonly string[];
  /** The clock tokens' expiry is read with (ms since 1970); default `Date.now`. */
  now?: () => number;
}

/** A token this close to its end counts as ended: it must last the request that carries it. */
const EXPIRY_MARGIN_MS = 60_000;

/** The SDK's `OAuthClientProvider` plus what Loupe needs around it. */
export interface LoupeOAuthProvider extends OAuthClientProvider {
  readonly serverId: string;
  /** Whether new tokens go to the main thread to be stored on the device (default false: memory only). */
  setRemember(remember: boolean): void;
  /** Takes a remembered sign-in (tokens and the client registration they belong to). */
  restore(saved: SavedOAuthSignIn): void;
  hasTokens(): boolean;
  /**
   * Whether the access token has ended (or ends within a minute), by the `expires_in` it came with. False when its
   * lifetime is unknown (the server gave none, or a sign-in remembered before Loupe kept it).
   */
  isExpired(): boolean;
  /**
   * The client registration the current tokens were issued to (metadata document, pre-registered or dynamic);
   * undefined before any registration.
   */
  clientRegistration(): OAuthClientRegistration | undefined;
  /** True when `state` is the one sent with the last authorization URL (a mismatch means a stale or forged answer). */
  isExpectedState(state: string | undefined): boolean;
  /**
   * `isExpectedState`, and on a match the state is spent: an answer is taken once, so a replayed or
   * duplicated callback with the same state is refused like a forged one.
   */
  takeState(state: string | undefined): boolean;
  /** Forgets tokens, registration, verifier and state: the next connection asks to sign in again. */
  clear(): void;
}

/**
 * Creates the OAuth client of one server: dynamic client registration as a public client (`client_name`
 * "Loupe", `token_endpoint_auth_method` none, authorization code + refresh token), PKCE, tokens in memory.
 */
export function createOAuthProvider(options: CreateOAuthProviderOptions): LoupeOAuthProvider {
  const redirectUrl = `${options.appOrigin}${OAUTH_CALLBACK_PATH}`;
  const createState = options.createState ?? (() => crypto.randomUUID());
  let remember = false;
  let tokens: OAuthTokens | undefined;
  // When the access token ends (ms), from its `expires_in` at the time it was saved; undefined when unknown.
  let expiresAt: number | undefined;
  const now = options.now ?? (() => Date.now());
  const preRegistered: OAuthClientInformationMixed | undefined =
    options.preRegistered === undefined
      ? undefined
      : {
          client_id: options.preRegistered.clientId,
          ...(options.preRegistered.clientSecret === undefined
            ? {}
            : { client_secret: options.preRegistered.clientSecret }),
        };
  let clientInformation: OAuthClientInformationMixed | undefined = preRegistered;
  let codeVerifier: string | undefined;
  // Where the sign-in was discovered (the resource metadata may live at a URL only the 401 named): the code is
  // traded at that same authorization server, and the SDK checks the issuer the credential is bound to.
  let discovery: OAuthDiscoveryState | undefined;
  let expectedState: string | undefined;
  let metadataUrl = typeof options.clientMetadataUrl === 'string' ? options.clientMetadataUrl : undefined;
  const metadataUrlReady =
    typeof options.clientMetadataUrl === 'object'
      ? options.clientMetadataUrl.then(
          (url) => void (metadataUrl = url),
          () => undefined,
        )
      : undefined;
  const scope = options.scopes === undefined || options.scopes.length === 0 ? undefined : options.scopes.join(' ');

  const savedSignIn = (): SavedOAuthSignIn | undefined =>
    tokens === undefined
      ? undefined
      : {
          tokens,
          ...(expiresAt === undefined ? {} : { expiresAt }),
          ...(clientInformation === undefined ? {} : { clientInformation: { ...clientInformation } }),
        };

  const provider: LoupeOAuthProvider = {
    serverId: options.serverId,
    get redirectUrl() {
      return redirectUrl;
    },
    get clientMetadata() {
      return {
        client_name: 'Loupe',
        redirect_uris: [redirectUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        ...(scope === undefined ? {} : { scope }),
      };
    },
    state() {
      expectedState = createState();
      return expectedState;
    },
    async clientInformation() {
      // The SDK reads `clientMetadataUrl` right after this answer: the document check is done by then.
      if (metadataUrlReady !== undefined) await metadataUrlReady;
      return clientInformation;
    },
    saveClientInformation(information) {
      clientInformation = information;
    },
    tokens: () => tokens,
    saveTokens(next) {
      tokens = next;
      expiresAt = typeof next.expires_in === 'number' ? now() + next.expires_in * 1000 : undefined;
      // Discovery is kept only across the redirect: a later 401 discovers afresh, so a server that moved to
      // another authorization server (SEP-2352) is followed there.
      discovery = undefined;
      options.onTokens(remember ? savedSignIn() : undefined);
    },
    redirectToAuthorization(url) {
      // The SDK prefers the scopes the server suggests (its challenge, its resource metadata); the person's own
      // choice wins, so the authorization request asks for exactly those.
      if (scope !== undefined) url.searchParams.set('scope', scope);
      options.onAuthorize(url.toString());
    },
    saveDiscoveryState(state) {
      discovery = state;
    },
    discoveryState: () => discovery,
    saveCodeVerifier(verifier) {
      codeVerifier = verifier;
    },
    codeVerifier() {
      if (codeVerifier === undefined) throw new Error('No sign-in was started for this server; press Sign in again.');
      return codeVerifier;
    },
    invalidateCredentials(scope) {
      if (scope === 'all' || scope === 'tokens') {
        tokens = undefined;
        expiresAt = undefined;
      }
      // A hand-registered client stays: forgetting it would leave nothing to register with.
      if (scope === 'all' || scope === 'client') clientInformation = preRegistered;
      if (scope === 'all' || scope === 'verifier') codeVerifier = undefined;
      if (scope === 'all' || scope === 'discovery') discovery = undefined;
    },
    setRemember(value) {
      remember = value;
    },
    restore(saved) {
      tokens = saved.tokens;
      // Read from the device's storage: a value that is not a time counts as unknown.
      expiresAt = typeof saved.expiresAt === 'number' && Number.isFinite(saved.expiresAt) ? saved.expiresAt : undefined;
      if (saved.clientInformation !== undefined && typeof saved.clientInformation['client_id'] === 'string')
        clientInformation = saved.clientInformation as OAuthClientInformationMixed;
      remember = true;
    },
    hasTokens: () => tokens !== undefined,
    isExpired: () => tokens !== undefined && expiresAt !== undefined && now() >= expiresAt - EXPIRY_MARGIN_MS,
    clientRegistration() {
      const clientId = clientInformation?.client_id;
      if (typeof clientId !== 'string' || clientId === '') return undefined;
      // The SDK registers with the metadata document by using its URL as the client id.
      const kind =
        metadataUrl !== undefined && clientId === metadataUrl
          ? 'metadata-document'
          : preRegistered !== undefined && clientId === preRegistered.client_id
            ? 'pre-registered'
            : 'dynamic';
      return { kind, clientId };
    },
    isExpectedState: (state) => expectedState !== undefined && state === expectedState,
    takeState(state) {
      if (expectedState === undefined || state !== expectedState) return false;
      expectedState = undefined;
      return true;
    },
    clear() {
      tokens = undefined;
      expiresAt = undefined;
      clientInformation = preRegistered;
      codeVerifier = undefined;
      discovery = undefined;
      expectedState = undefined;
      remember = false;
    },
  };
  // Read when the SDK decides how to register; absent (undefined) until the document check found it usable.
  Object.defineProperty(provider, 'clientMetadataUrl', { get: () => metadataUrl, enumerable: true });
  return provider;
}
