// The person's headers for an MCP server stay with that server: its OAuth authorization server, on another
// origin, sees none of them during discovery, registration or the token exchange (real SDK auth server).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOAuthMcpServer, type OAuthMcpServerHandle } from '../../test/servers/oauth-server';
import { startOAuthWorkerHost } from '../../test/support/oauth-worker-host';
import type { OAuthEvent } from '../protocol/oauth-messages';
import type { ServerState } from '../protocol/server-status';
import type { OAuthHost } from './oauth-host';
import type { ServerRegistry } from './server-registry';

const appOrigin = 'http://127.0.0.1:5999';
const headers = { 'X-Api-Key': 'key-meant-for-the-mcp-server', 'X-Team': 'team-7' };
let server: OAuthMcpServerHandle;
let events: OAuthEvent[];
let states: ServerState[];
let registry: ServerRegistry;
let oauth: OAuthHost;

const lastState = () => states.filter((state) => state.serverId === 's1').at(-1);
const authorizeUrls = () => events.flatMap((event) => (event.kind === 'authorize' ? [new URL(event.url)] : []));
const hostOf = (origin: string) => new URL(origin).host;

beforeEach(async () => {
  server = await startOAuthMcpServer({ separateAuthorizationServer: true });
  ({ oauth, registry, events, states } = startOAuthWorkerHost(appOrigin));
  registry.add({ id: 's1', name: 'secure', url: server.url, headers, includeInstructions: true });
});

afterEach(async () => {
  await registry.closeAll();
  await server.close();
});

describe('custom server headers and an authorization server on another origin', () => {
  it('go to the MCP server’s origin only: never with discovery, registration or the token exchange', async () => {
    await vi.waitFor(() => expect(authorizeUrls()).toHaveLength(1), { timeout: 15_000 });
    const authorize = authorizeUrls()[0] as URL;
    expect(authorize.origin).toBe(server.authorizationOrigin);
    const response = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(response.headers.get('location') ?? '');
    const code = back.searchParams.get('code') ?? '';
    const state = back.searchParams.get('state') ?? '';
    await oauth.execute({ type: 'oauth-complete', serverId: 's1', callback: { code, state }, remember: false });
    await vi.waitFor(() => expect(lastState()?.status).toBe('connected'), { timeout: 15_000 });

    const toAuthorizationServer = server.requests.filter(
      (request) => request.host === hostOf(server.authorizationOrigin) && !request.path.startsWith('/authorize'),
    );
    const toMcpServer = server.requests.filter((request) => request.host === hostOf(server.url));
    // The flow really went through the other origin: metadata, registration and the token endpoint.
    expect(toAuthorizationServer.map((request) => request.path.split('?')[0])).toEqual(
      expect.arrayContaining(['/.well-known/oauth-authorization-server', '/register', '/token']),
    );
    for (const request of toAuthorizationServer) {
      expect(request.headers['x-api-key']).toBeUndefined();
      expect(request.headers['x-team']).toBeUndefined();
    }
    // The MCP server itself gets them on every request, and the OAuth token as Authorization.
    const mcpCalls = toMcpServer.filter((request) => request.path === '/mcp');
    expect(mcpCalls.length).toBeGreaterThan(1);
    for (const request of mcpCalls) expect(request.headers['x-api-key']).toBe('key-meant-for-the-mcp-server');
    expect(mcpCalls.at(-1)?.headers.authorization).toBe(`Bearer ${server.issuedTokens[0] ?? ''}`);
  });
});
