// A test MCP server behind OAuth 2.1 (the SDK's auth router, bearer middleware and an in-memory provider).
// Consent is automatic: /authorize redirects straight back with a code, as if the person had approved.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { InvalidGrantError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

/** Express has no types installed here; the SDK's auth router needs an Express app, so only this much is typed. */
type Handler = (
  request: IncomingMessage & { body?: unknown; auth?: AuthInfo },
  response: ExpressResponse,
  next: () => void,
) => unknown;
interface ExpressResponse extends ServerResponse {
  redirect(url: string): void;
  status(code: number): ExpressResponse;
  json(body: unknown): void;
}
interface ExpressApp {
  (request: IncomingMessage, response: ServerResponse): void;
  use(...handlers: unknown[]): void;
  all(path: string, ...handlers: Handler[]): void;
}
interface Express {
  (): ExpressApp;
  json(): Handler;
}
const express = createRequire(import.meta.url)('express') as Express;

export interface OAuthMcpServerHandle {
  url: string;
  /** Access tokens issued so far. */
  readonly issuedTokens: readonly string[];
  /** Makes /authorize answer `error=access_denied` (the person declined). */
  setDeny(deny: boolean): void;
  /** The `client_id` and `scope` of each authorization request, in order. */
  readonly authorizations: readonly { clientId: string; scope: string | undefined }[];
  /** Every request either origin received: the `Host` it named, its path and its headers. */
  readonly requests: readonly SeenRequest[];
  /** The authorization server's origin (the MCP endpoint's own unless `separateAuthorizationServer`). */
  authorizationOrigin: string;
  /** Makes every access token issued so far expired: the MCP endpoint answers 401 to it from now on. */
  expireAccessTokens(): void;
  /** How many refresh grants the token endpoint honoured. */
  readonly refreshes: number;
  close(): Promise<void>;
}

/** A request as the server saw it. */
export interface SeenRequest {
  host: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** How the authorization server registers clients (default: dynamic registration only). */
export interface OAuthMcpServerOptions {
  port?: number;
  /** Offer dynamic client registration (RFC 7591); default true. */
  dynamicRegistration?: boolean;
  /** Clients registered by hand: client id → its redirect URIs (public clients, no secret). */
  preRegistered?: Record<string, string[]>;
  /**
   * Take URL client ids (Client ID Metadata Documents): advertises `client_id_metadata_document_supported` and
   * reads each document with this (a test serves the app's document without an HTTPS host).
   */
  fetchClientMetadata?: (url: string) => Promise<unknown>;
  /**
   * Serve the MCP endpoint (and its protected-resource metadata) on an origin of its own, a second port, and the
   * authorization server (metadata, registration, authorize, token) on the first, as a hosted server often does.
   */
  separateAuthorizationServer?: boolean;
}

interface ProviderState {
  deny: boolean;
  issued: string[];
  refreshes: number;
  tokens: Map<string, AuthInfo>;
  authorizations: { clientId: string; scope: string | undefined }[];
}

/** A URL client id's document as client information, when it names exactly that URL (the draft's rule). */
async function readMetadataClient(
  url: string,
  fetchClientMetadata: (url: string) => Promise<unknown>,
): Promise<OAuthClientInformationFull | undefined> {
  const document = (await fetchClientMetadata(url)) as Record<string, unknown> | undefined;
  if (document?.['client_id'] !== url || !Array.isArray(document['redirect_uris'])) return undefined;
  return {
    client_id: url,
    redirect_uris: document['redirect_uris'] as string[],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    client_name: typeof document['client_name'] === 'string' ? document['client_name'] : '',
  };
}

/** Registered clients, codes and tokens in memory. */
function createInMemoryProvider(state: ProviderState, options: OAuthMcpServerOptions = {}): OAuthServerProvider {
  const clients = new Map<string, OAuthClientInformationFull>(
    Object.entries(options.preRegistered ?? {}).map(([clientId, redirects]) => [
      clientId,
      { client_id: clientId, redirect_uris: redirects, token_endpoint_auth_method: 'none' },
    ]),
  );
  const { fetchClientMetadata } = options;
  const codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  const tokens = state.tokens;
  // Refresh token → the client and scopes it was issued for (one use each: a refresh rotates it).
  const refreshTokens = new Map<string, { clientId: string; scopes: string[] }>();
  const issue = (clientId: string, scopes: string[]) => {
    const token = randomUUID();
    tokens.set(token, { token, clientId, scopes, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    state.issued.push(token);
    const refresh = randomUUID();
    refreshTokens.set(refresh, { clientId, scopes });
    return { access_token: token, token_type: 'bearer', expires_in: 3600, refresh_token: refresh };
  };
  const clientsStore: OAuthRegisteredClientsStore = {
    getClient: (clientId) =>
      clients.get(clientId) ??
      (fetchClientMetadata !== undefined && clientId.startsWith('https://')
        ? readMetadataClient(clientId, fetchClientMetadata)
        : undefined),
    ...(options.dynamicRegistration === false
      ? {}
      : {
          registerClient: (client: OAuthClientInformationFull) => {
            const full = { ...client, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) };
            clients.set(full.client_id, full);
            return full;
          },
        }),
  };
  return {
    clientsStore,
    authorize(client, params, res) {
      state.authorizations.push({ clientId: client.client_id, scope: params.scopes?.join(' ') });
      const target = new URL(params.redirectUri);
      if (state.deny) {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'The person declined.');
      } else {
        const code = randomUUID();
        codes.set(code, { clientId: client.client_id, params });
        target.searchParams.set('code', code);
      }
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      (res as unknown as ExpressResponse).redirect(target.href);
      return Promise.resolve();
    },
    challengeForAuthorizationCode(_client, code) {
      const entry = codes.get(code);
      if (entry === undefined) return Promise.reject(new Error('Unknown authorization code'));
      return Promise.resolve(entry.params.codeChallenge);
    },
    exchangeAuthorizationCode(client, code) {
      const entry = codes.get(code);
      if (entry === undefined || entry.clientId !== client.client_id)
        return Promise.reject(new Error('Unknown authorization code'));
      codes.delete(code);
      return Promise.resolve(issue(client.client_id, entry.params.scopes ?? []));
    },
    exchangeRefreshToken(client, refreshToken) {
      const entry = refreshTokens.get(refreshToken);
      if (entry === undefined || entry.clientId !== client.client_id)
        return Promise.reject(new InvalidGrantError('Unknown refresh token'));
      refreshTokens.delete(refreshToken);
      state.refreshes += 1;
      return Promise.resolve(issue(entry.clientId, entry.scopes));
    },
    verifyAccessToken(token) {
      const info = tokens.get(token);
      return info === undefined ? Promise.reject(new Error('Invalid token')) : Promise.resolve(info);
    },
  };
}

function createProtectedMcpServer(): McpServer {
  const server = new McpServer({ name: 'oauth-test', version: '1.0.0' });
  server.registerTool(
    'whoami',
    { description: 'Says which OAuth client the call came from.', inputSchema: {} },
    (_input, extra) => ({
      content: [{ type: 'text', text: `signed in as ${extra.authInfo?.clientId ?? 'nobody'}` }],
    }),
  );
  return server;
}

/** Starts the server on `port` (0: a free one) at 127.0.0.1; the MCP endpoint is `/mcp`. */
export async function startOAuthMcpServer(options: OAuthMcpServerOptions = {}): Promise<OAuthMcpServerHandle> {
  const state: ProviderState = { deny: false, issued: [], authorizations: [], refreshes: 0, tokens: new Map() };
  const app = express();
  const requests: SeenRequest[] = [];
  app.use((request: IncomingMessage, _response: ServerResponse, next: () => void) => {
    requests.push({ host: request.headers.host ?? '', path: request.url ?? '', headers: request.headers });
    next();
  });
  const listen = async (port: number) => {
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  const http = await listen(options.port ?? 0);
  // One app on both ports: which origin a request reached is what the tests read from its Host.
  const resourceHttp = options.separateAuthorizationServer === true ? await listen(0) : undefined;
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const resourceOrigin =
    resourceHttp === undefined ? origin : `http://127.0.0.1:${(resourceHttp.address() as AddressInfo).port}`;
  const mcpUrl = new URL('/mcp', resourceOrigin);
  const provider = createInMemoryProvider(state, options);

  if (options.fetchClientMetadata !== undefined) {
    // The SDK's router has no switch for it: its metadata answer gets the field on the way out.
    app.use((request: IncomingMessage, response: ExpressResponse, next: () => void) => {
      if (request.url?.startsWith('/.well-known/oauth-authorization-server') === true) {
        const json = response.json.bind(response);
        response.json = (body: unknown) => json({ ...(body as object), client_id_metadata_document_supported: true });
      }
      next();
    });
  }
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl: mcpUrl }));
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const cors: Handler = (request, response, next) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
    response.setHeader(
      'Access-Control-Allow-Headers',
      'content-type, mcp-session-id, mcp-protocol-version, authorization, last-event-id, accept',
    );
    response.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, WWW-Authenticate');
    if (request.method === 'OPTIONS') response.writeHead(204).end();
    else next();
  };
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  }) as unknown as Handler;
  app.all('/mcp', cors, bearer, express.json(), async (request, response) => {
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (known !== undefined) {
      await known.handleRequest(request, response, request.body);
      return;
    }
    if (request.method !== 'POST' || !isInitializeRequest(request.body)) {
      response.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
      return;
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    await createProtectedMcpServer().connect(transport);
    await transport.handleRequest(request, response, request.body);
  });

  return {
    url: mcpUrl.href,
    get issuedTokens() {
      return state.issued;
    },
    setDeny(deny) {
      state.deny = deny;
    },
    get authorizations() {
      return state.authorizations;
    },
    requests,
    authorizationOrigin: origin,
    expireAccessTokens() {
      for (const info of state.tokens.values()) info.expiresAt = Math.floor(Date.now() / 1000) - 60;
    },
    get refreshes() {
      return state.refreshes;
    },
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      for (const server of resourceHttp === undefined ? [http] : [http, resourceHttp]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
