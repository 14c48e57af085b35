// A server on the internet must not point Loupe's OAuth requests at this machine or the local network. The
// "internet" here is two names (`mcp.test`, `as.test`) a resolving fetch sends to 127.0.0.1, as DNS would; the
// addresses Loupe must refuse are the plain loopback address of a server that counts every request it gets.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REAL_IO_WAIT } from '../../test/support/real-io-wait';
import { connectMcpServer } from '../mcp/connection/connect-mcp-server';
import type { OAuthEvent } from '../protocol/oauth-messages';
import type { ServerState } from '../protocol/server-status';
import { createOAuthHost, type OAuthHost } from './oauth-host';
import { ServerRegistry } from './server-registry';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const json = (response: ServerResponse, value: unknown) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));

/** `fetch`, with `*.test` names resolved to 127.0.0.1 (what a DNS answer would do for a real name). */
const resolvingFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname.endsWith('.test')) url.hostname = '127.0.0.1';
  return fetch(url, init);
};

let near: { server: Server; port: number };
let far: { server: Server; port: number };
let nearRequests: string[];
/** Where the far server's resource metadata sends Loupe for sign-in, and where its token endpoint is. */
let authorizationServer: string;
let tokenEndpoint: string;
/** The sign-in page the far authorization server's metadata names (opened in the browser, never fetched). */
let authorizationEndpoint: string | undefined;
let events: OAuthEvent[];
let states: ServerState[];
let registry: ServerRegistry;
let oauth: OAuthHost;

beforeEach(async () => {
  nearRequests = [];
  authorizationEndpoint = undefined;
  near = await listen((request, response) => {
    nearRequests.push(`${request.method} ${request.url}`);
    response.writeHead(404).end();
  });
  far = await listen((request, response) => {
    request.resume();
    const origin = `http://mcp.test:${far.port}`;
    const path = new URL(request.url ?? '/', origin).pathname;
    if (path === '/mcp')
      return response
        .writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
        })
        .end();
    if (path.startsWith('/.well-known/oauth-protected-resource'))
      return json(response, { resource: `${origin}/mcp`, authorization_servers: [authorizationServer] });
    if (path.startsWith('/.well-known/oauth-authorization-server'))
      return json(response, {
        issuer: `http://as.test:${far.port}`,
        authorization_endpoint: authorizationEndpoint ?? `https://as.test:${far.port}/authorize`,
        token_endpoint: tokenEndpoint,
        registration_endpoint: `http://as.test:${far.port}/register`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    if (path === '/register')
      return response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ client_id: 'loupe-client', redirect_uris: ['http://127.0.0.1:5999/oauth-callback.html'] }),
        );
    return response.writeHead(404).end();
  });
  events = [];
  states = [];
  oauth = createOAuthHost({
    post: (event) => events.push(event),
    servers: () => registry,
    appOrigin: 'http://127.0.0.1:5999',
    fetch: resolvingFetch,
  });
  registry = new ServerRegistry(
    (config, extras) => connectMcpServer(config, { ...extras, fetch: resolvingFetch }),
    (state) => states.push(state),
    (config) => oauth.extrasFor(config),
  );
});

afterEach(async () => {
  await registry.closeAll();
  for (const { server } of [near, far]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const lastState = () => states.filter((state) => state.serverId === 's1').at(-1);
const add = () =>
  registry.add({
    id: 's1',
    name: 'far',
    url: `http://mcp.test:${far.port}/mcp`,
    headers: {},
    includeInstructions: true,
  });

describe('OAuth of a server on the internet stays on the internet', () => {
  it('refuses an authorization server on this machine: nothing is sent there, and the person reads why', async () => {
    authorizationServer = `http://127.0.0.1:${near.port}`;
    tokenEndpoint = `http://127.0.0.1:${near.port}/token`;
    add();
    await vi.waitFor(() => expect(lastState()?.status).toBe('error'), REAL_IO_WAIT);
    expect(lastState()?.problem?.message).toContain(
      `The server at mcp.test:${far.port} (on the internet) pointed Loupe at http://127.0.0.1:${near.port}, on this machine`,
    );
    expect(nearRequests).toEqual([]);
    expect(events.some((event) => event.kind === 'authorize')).toBe(false);
  });

  it('refuses a token endpoint on this machine when the code is traded, having sent it nothing', async () => {
    authorizationServer = `http://as.test:${far.port}`;
    tokenEndpoint = `http://127.0.0.1:${near.port}/token`;
    add();
    // The rest of the flow is on the internet, so it goes ahead up to the sign-in prompt.
    await vi.waitFor(() => expect(events.some((event) => event.kind === 'authorize')).toBe(true), REAL_IO_WAIT);
    const authorize = events.find((event) => event.kind === 'authorize');
    const state = authorize?.kind === 'authorize' ? new URL(authorize.url).searchParams.get('state') : null;
    await expect(
      oauth.execute({
        type: 'oauth-complete',
        serverId: 's1',
        callback: { code: 'a-code', state: state ?? '' },
        remember: false,
      }),
    ).rejects.toThrow(`pointed Loupe at http://127.0.0.1:${near.port}, on this machine`);
    expect(nearRequests).toEqual([]);
  });

  it.each([
    ['a custom scheme', 'myapp://authorize', 'Loupe opens only https sign-in pages'],
    ['plain http on the internet', 'http://as.test/authorize', 'at http://as.test; Loupe opens only https'],
    [
      'the local network',
      'https://192.168.1.1/authorize',
      'named a sign-in page at https://192.168.1.1, on your local network',
    ],
  ])('never asks the person to open a sign-in page on %s', async (_what, endpoint, reason) => {
    authorizationServer = `http://as.test:${far.port}`;
    tokenEndpoint = `http://as.test:${far.port}/token`;
    authorizationEndpoint = endpoint;
    add();
    await vi.waitFor(() => expect(lastState()?.problem?.message).toContain(reason), REAL_IO_WAIT);
    expect(events.some((event) => event.kind === 'authorize')).toBe(false);
  });
});
