// How Loupe identifies itself to an authorization server, against real SDK servers over HTTP: a hand-registered
// client id (no dynamic registration there), Loupe's Client ID Metadata Document, and the person's scopes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REAL_IO_WAIT } from '../../test/support/real-io-wait';
import {
  startOAuthMcpServer,
  type OAuthMcpServerHandle,
  type OAuthMcpServerOptions,
} from '../../test/servers/oauth-server';
import { connectMcpServer } from '../mcp/connection/connect-mcp-server';
import type { OAuthCallbackParams, OAuthEvent } from '../protocol/oauth-messages';
import type { ServerState } from '../protocol/server-status';
import type { ServerOAuthSettings } from '../protocol/settings';
import { buildClientMetadataDocument, CLIENT_METADATA_PATH } from '../shared/client-metadata-document';
import { createOAuthHost } from './oauth-host';
import { ServerRegistry } from './server-registry';

let server: OAuthMcpServerHandle | undefined;
let registry: ServerRegistry | undefined;
afterEach(async () => {
  await registry?.closeAll();
  await server?.close();
});

/** Adds the server to a fresh worker host; `appFetch` answers the app's own origin (its metadata document). */
async function signIn(options: {
  appOrigin: string;
  server: OAuthMcpServerOptions;
  oauth?: ServerOAuthSettings;
  appFetch?: (url: string) => Response | undefined;
}) {
  server = await startOAuthMcpServer(options.server);
  const events: OAuthEvent[] = [];
  const states: ServerState[] = [];
  const fetchFn: typeof fetch = (input, init) =>
    Promise.resolve(options.appFetch?.(String(input instanceof Request ? input.url : input))).then(
      (answer) => answer ?? fetch(input, init),
    );
  const oauth = createOAuthHost({
    post: (event) => events.push(event),
    servers: () => registry as ServerRegistry,
    appOrigin: options.appOrigin,
    fetch: fetchFn,
  });
  registry = new ServerRegistry(
    (config, extras) => connectMcpServer(config, extras ?? {}),
    (state) => states.push(state),
    (config) => oauth.extrasFor(config),
  );
  registry.add({
    id: 's1',
    name: 'secure',
    url: server.url,
    headers: {},
    includeInstructions: true,
    ...(options.oauth === undefined ? {} : { oauth: options.oauth }),
  });
  const lastState = () => states.at(-1);
  await vi.waitFor(() => expect(events.some((event) => event.kind === 'authorize')).toBe(true), REAL_IO_WAIT);
  const authorize = events.find((event) => event.kind === 'authorize');
  const url = new URL(authorize?.kind === 'authorize' ? authorize.url : '');
  // What the popup does: the consent page approves at once and redirects back with a code.
  const response = await fetch(url, { redirect: 'manual' });
  const back = new URL(response.headers.get('location') ?? '');
  const callback: OAuthCallbackParams = {};
  for (const [key, name] of [
    ['code', 'code'],
    ['state', 'state'],
    ['error', 'error'],
  ] as const) {
    const value = back.searchParams.get(name);
    if (value !== null) callback[key] = value;
  }
  await oauth.execute({ type: 'oauth-complete', serverId: 's1', callback, remember: false });
  await vi.waitFor(() => expect(lastState()?.status).toBe('connected'), REAL_IO_WAIT);
  const whoami = registry.connection('s1').createTool('whoami', 'whoami');
  const output = await whoami?.run({}, { signal: new AbortController().signal, onProgress: () => {}, log: () => {} });
  const signedIn = events.find((event) => event.kind === 'signed-in');
  const client = signedIn?.kind === 'signed-in' ? signedIn.client : undefined;
  return { url, said: JSON.stringify(output?.content), server, client };
}

describe('how Loupe identifies itself to an authorization server', () => {
  it('signs in with a hand-registered client id where the server offers no dynamic registration, with the chosen scopes', async () => {
    const appOrigin = 'http://127.0.0.1:5998';
    const {
      url,
      said,
      server: started,
      client,
    } = await signIn({
      appOrigin,
      server: { dynamicRegistration: false, preRegistered: { 'loupe-by-hand': [`${appOrigin}/oauth-callback.html`] } },
      oauth: { clientId: 'loupe-by-hand', scopes: ['mcp:read', 'profile'] },
    });
    expect(url.searchParams.get('client_id')).toBe('loupe-by-hand');
    expect(url.searchParams.get('scope')).toBe('mcp:read profile');
    expect(started.authorizations).toEqual([{ clientId: 'loupe-by-hand', scope: 'mcp:read profile' }]);
    expect(said).toContain('signed in as loupe-by-hand');
    // The server item says which registration the sign-in used.
    expect(client).toEqual({ kind: 'pre-registered', clientId: 'loupe-by-hand' });
  });

  it('names its metadata document as client_id on an https page where the server supports it', async () => {
    const appOrigin = 'https://loupe.test';
    const documentUrl = `${appOrigin}${CLIENT_METADATA_PATH}`;
    const served: string[] = [];
    const {
      url,
      said,
      server: started,
      client,
    } = await signIn({
      appOrigin,
      server: {
        dynamicRegistration: false,
        fetchClientMetadata: (requested) => {
          served.push(requested);
          return Promise.resolve(requested === documentUrl ? buildClientMetadataDocument(appOrigin) : undefined);
        },
      },
      appFetch: (requested) =>
        requested === documentUrl ? Response.json(buildClientMetadataDocument(appOrigin)) : undefined,
    });
    expect(url.searchParams.get('client_id')).toBe(documentUrl);
    expect(started.authorizations[0]?.clientId).toBe(documentUrl);
    expect(served).toContain(documentUrl);
    expect(said).toContain(`signed in as ${documentUrl}`);
    expect(client).toEqual({ kind: 'metadata-document', clientId: documentUrl });
  });

  it('registers dynamically when its document was built for another origin, or the page is plain http', async () => {
    const appOrigin = 'https://elsewhere.test';
    const { url, client } = await signIn({
      appOrigin,
      server: { fetchClientMetadata: () => Promise.resolve(undefined) },
      // Deployed here with the document of another deployment: its client_id is not this URL.
      appFetch: (requested) =>
        requested.startsWith(appOrigin) ? Response.json(buildClientMetadataDocument('https://loupe.test')) : undefined,
    });
    expect(url.searchParams.get('client_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(client).toEqual({ kind: 'dynamic', clientId: url.searchParams.get('client_id') });
    await registry?.closeAll();
    await server?.close();
    const plain = await signIn({
      appOrigin: 'http://localhost:5997',
      server: { fetchClientMetadata: () => Promise.reject(new Error('never asked')) },
    });
    expect(plain.url.searchParams.get('client_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain.client).toEqual({ kind: 'dynamic', clientId: plain.url.searchParams.get('client_id') });
  });
});
