// Keeps one OAuth client per MCP server in the worker and answers the sign-in commands.
import { createOAuthProvider, type LoupeOAuthProvider } from '../mcp/oauth/create-oauth-provider';
import { guardAddressSpace } from '../mcp/http/guard-address-space';
import { checkAuthorizationUrl } from '../shared/check-authorization-url';
import { refuseRedirects } from '../mcp/http/refuse-redirects';
import { describeAuthorizationError } from '../mcp/oauth/describe-authorization-error';
import type { OAuthCommand, OAuthCommandResults, OAuthEvent, SavedOAuthSignIn } from '../protocol/oauth-messages';
import type { ServerConfig, ServerOAuthSettings } from '../protocol/settings';
import { findClientMetadataUrl } from './find-client-metadata-url';
import { loadMcpOAuthSteps } from './load-mcp-runtime';
import type { ConnectExtras, ServerRegistry } from './server-registry';

export interface OAuthHostDependencies {
  post: (event: OAuthEvent) => void;
  /** The host's registry (read lazily: the registry is built with this host's `extrasFor`). */
  servers: () => ServerRegistry;
  /** The app's origin; default: this global's `location.origin`. */
  appOrigin?: string;
  /** The fetch for the token endpoint and Loupe's own metadata document; default: the global one. */
  fetch?: typeof fetch;
  /** The clock tokens' expiry is read with; default `Date.now`. */
  now?: () => number;
}

export interface OAuthHost {
  /** The OAuth provider a connection to `config` gets (none when the person set an Authorization header). */
  extrasFor(config: ServerConfig): Pick<ConnectExtras, 'authProvider'>;
  execute(command: OAuthCommand): Promise<OAuthCommandResults[OAuthCommand['type']]>;
  /**
   * The access token of a signed-in server, for the MCP connector (the API presents it to the server), renewed
   * first when it has ended; one renewal at a time per server. Throws a sentence for the person when there is none.
   */
  accessToken(serverId: string): Promise<string>;
}

function originOfThisGlobal(): string {
  return (globalThis as { location?: { origin?: string } }).location?.origin ?? 'http://localhost';
}

function hasAuthorizationHeader(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
}

export function createOAuthHost(deps: OAuthHostDependencies): OAuthHost {
  const providers = new Map<string, { provider: LoupeOAuthProvider; settings: string }>();
  const appOrigin = deps.appOrigin ?? originOfThisGlobal();
  // Checked once, on the first server that may need to sign in (an https page only).
  let clientMetadataUrl: Promise<string | undefined> | undefined;
  // A remembered sign-in arrives before its server (`oauth-restore`, then `server-add`): it waits for the config.
  const pendingRestores = new Map<string, SavedOAuthSignIn>();
  // A renewal under way per server: a second request waits for it (a refresh token is spent by its first use).
  const renewals = new Map<string, Promise<string>>();
  const fetchOf = (serverUrl: string) =>
    refuseRedirects(guardAddressSpace(serverUrl, deps.fetch ?? ((input, init) => fetch(input, init))));

  // The server item says "signed in" and with which client at once, as after a sign-in; if the server turns the
  // remembered tokens down, its request to sign in again (`authorize`) says otherwise.
  const postSignedIn = (provider: LoupeOAuthProvider, serverId: string, saved: SavedOAuthSignIn | undefined) => {
    const client = provider.clientRegistration();
    deps.post({
      kind: 'signed-in',
      serverId,
      ...(saved === undefined ? {} : { saved }),
      ...(client === undefined ? {} : { client }),
    });
  };
  const restoreInto = (provider: LoupeOAuthProvider, serverId: string, saved: SavedOAuthSignIn) => {
    provider.restore(saved);
    postSignedIn(provider, serverId, saved);
  };
  /** What a provider was made for: its tokens belong to this client choice and this URL only. */
  const settingsOf = (oauth: ServerOAuthSettings | undefined, serverUrl: string) =>
    JSON.stringify({ oauth: oauth ?? {}, serverUrl });
  const providerFor = (
    serverId: string,
    oauth: ServerOAuthSettings | undefined,
    serverUrl: string,
  ): LoupeOAuthProvider => {
    // Tokens are bound to the URL they were issued for: after an edit of the server's URL they would go to the
    // new host, which never issued them (and may be someone else's). Another URL is another sign-in.
    const settings = settingsOf(oauth, serverUrl);
    const known = providers.get(serverId);
    // Another client id or other scopes are another sign-in: tokens got for the old ones are not reused.
    if (known !== undefined && known.settings === settings) return known.provider;
    clientMetadataUrl ??= findClientMetadataUrl(appOrigin, deps.fetch ?? ((input, init) => fetch(input, init)));
    const provider = createOAuthProvider({
      serverId,
      appOrigin,
      clientMetadataUrl,
      ...(oauth?.clientId === undefined ? {} : { preRegistered: { clientId: oauth.clientId } }),
      ...(oauth?.scopes === undefined ? {} : { scopes: oauth.scopes }),
      ...(deps.now === undefined ? {} : { now: deps.now }),
      onAuthorize: (url) => {
        // Thrown inside the SDK's auth flow: the connection fails with this sentence and nothing opens.
        const refused = checkAuthorizationUrl(url, serverUrl);
        if (refused !== undefined) throw new Error(refused);
        deps.post({ kind: 'authorize', serverId, url });
      },
      onTokens: (saved) => postSignedIn(provider, serverId, saved),
    });
    providers.set(serverId, { provider, settings });
    const pending = pendingRestores.get(serverId);
    pendingRestores.delete(serverId);
    // Tokens belong to the client they were issued to: kept only when that is still the chosen client.
    const issuedTo = pending?.clientInformation?.['client_id'];
    if (pending !== undefined && (oauth?.clientId === undefined || issuedTo === oauth.clientId))
      restoreInto(provider, serverId, pending);
    return provider;
  };
  const existing = (serverId: string) => providers.get(serverId)?.provider;

  const reconnect = (serverId: string) => {
    const config = deps.servers().config(serverId);
    if (config !== undefined) deps.servers().update(config);
  };

  return {
    accessToken(serverId) {
      const config = deps.servers().config(serverId);
      const known = providers.get(serverId);
      // Tokens issued for another URL (the server was edited) never go, not even to the API for the new one.
      const provider = known?.settings === settingsOf(config?.oauth, config?.url ?? '') ? known.provider : undefined;
      if (config === undefined || provider === undefined)
        return Promise.reject(
          new Error(
            `Loupe is not signed in to ${config?.name ?? 'this server'}, so it has no token to send to the API.`,
          ),
        );
      const running = renewals.get(serverId);
      if (running !== undefined) return running;
      const renewal = loadMcpOAuthSteps()
        .then((mcp) => mcp.freshAccessToken(provider, config, fetchOf(config.url)))
        .finally(() => renewals.delete(serverId));
      renewals.set(serverId, renewal);
      return renewal;
    },
    extrasFor: (config) =>
      hasAuthorizationHeader(config.headers) ? {} : { authProvider: providerFor(config.id, config.oauth, config.url) },
    async execute(command) {
      switch (command.type) {
        case 'oauth-restore': {
          const config = deps.servers().config(command.serverId);
          if (config === undefined) pendingRestores.set(command.serverId, command.saved);
          else restoreInto(providerFor(command.serverId, config.oauth, config.url), command.serverId, command.saved);
          return null;
        }
        case 'oauth-sign-out':
          existing(command.serverId)?.clear();
          deps.post({ kind: 'signed-out', serverId: command.serverId });
          reconnect(command.serverId);
          return null;
        case 'oauth-complete': {
          const provider = existing(command.serverId);
          const config = deps.servers().config(command.serverId);
          if (provider === undefined || config === undefined)
            throw new Error('That server is no longer waiting for a sign-in. Press Reconnect, then Sign in.');
          const { callback } = command;
          // The state first: the error of an answer that is not ours (stale, replayed, or an address someone
          // crafted with words of their own in error_description) is never shown, only refused in general.
          if (!provider.takeState(callback.state))
            throw new Error(
              'The sign-in answer does not belong to the sign-in Loupe started (state mismatch), so it was ignored. Press Sign in to start again.',
            );
          if (callback.error !== undefined) throw new Error(describeAuthorizationError(callback));
          if (callback.code === undefined || callback.code === '')
            throw new Error('The sign-in page came back without an authorization code. Press Sign in to try again.');
          provider.setRemember(command.remember);
          // The SDK's auth flow (the OAuth steps' chunk) trades the code, and reads its errors.
          const mcp = await loadMcpOAuthSteps();
          try {
            // The token endpoint the server's metadata named stays as far from the person as the server is, and
            // a redirect is refused (never followed) like every other request made for the server.
            await mcp.completeOAuthSignIn(provider, config.url, callback.code, fetchOf(config.url), callback.iss);
          } catch (error) {
            throw new Error(mcp.describeOAuthFailure(error), { cause: error });
          }
          reconnect(command.serverId);
          return null;
        }
      }
    },
  };
}
