// The MCP connector against real servers: the mock Messages API plays the API's connector (it calls the MCP server
// itself over HTTP), so one prompt run through the API and through the browser reaches the same server both ways;
// and an OAuth-signed-in server's access token goes as `authorization_token` only when the person allowed it,
// renewed first once it has ended, and never into what Loupe writes down.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startManyToolsServer } from '../../test/servers/many-tools-server';
import { startOAuthMcpServer, type OAuthMcpServerHandle } from '../../test/servers/oauth-server';
import { REAL_IO_WAIT } from '../../test/support/real-io-wait';
import type { McpHttpHandle } from '../../server/serve-mcp-http';
import { diffTranscripts } from '../engine/transcript/diff-transcripts';
import type { Transcript } from '../engine/transcript/transcript';
import type { OAuthCallbackParams } from '../protocol/oauth-messages';
import type { RunSettings, ServerConfig } from '../protocol/settings';
import { createRunEnvironment } from './create-run-environment';
import { createHostHarness, type HostHarness } from './testing/create-host-harness';

let api: MockMessagesApi;
let tools: McpHttpHandle;
beforeAll(async () => {
  [api, tools] = await Promise.all([
    startMockMessagesApi({ connectorLoopbackHttp: true }),
    startManyToolsServer({}, 2),
  ]);
});
afterAll(async () => {
  await Promise.all([api.close(), tools.close()]);
});

const provider = () => ({ kind: 'anthropic' as const, apiKey: 'k', baseUrl: api.url, model: 'claude-sonnet-4-5' });
const settings = (extra: Partial<RunSettings> = {}): RunSettings => ({
  provider: provider(),
  system: '',
  maxRounds: 6,
  maxTokens: 256,
  ...extra,
});

async function addServer(harness: HostHarness, server: ServerConfig, status = 'connected') {
  await harness.send({ type: 'server-add', server });
  await harness.waitFor((messages) =>
    messages.find((m) => m.type === 'server-state' && m.state.serverId === server.id && m.state.status === status),
  );
}

async function runToEnd(harness: HostHarness, runId: string, runSettings: RunSettings): Promise<Transcript> {
  await harness.send({ type: 'run-start', runId, settings: runSettings, message: 'Look it up.' });
  await harness.waitFor((messages) =>
    messages.find((m) => m.type === 'run-event' && m.runId === runId && m.event.type === 'run-end'),
  );
  return (await harness.send({ type: 'transcript-export', runId })) as Transcript;
}

const messageBodies = () =>
  api.requests.filter((r) => r.path === '/v1/messages').map((r) => r.body as Record<string, unknown>);

describe('the connector path and the browser path, side by side', () => {
  it('one prompt reaches the same server both ways: one round of mcp_tool_use against three of tool_use', async () => {
    api.reset();
    const harness = createHostHarness();
    await addServer(harness, { id: 's', name: 'look', url: tools.url, headers: {}, includeInstructions: false });

    const viaApi = await runToEnd(harness, 'api', settings({ serverPaths: { s: 'api' } }));
    const [connectorRequest] = messageBodies();
    expect(messageBodies()).toHaveLength(1);
    expect(connectorRequest?.['mcp_servers']).toEqual([{ type: 'url', name: 'look', url: tools.url }]);
    expect(connectorRequest?.['tools']).toEqual([
      expect.objectContaining({ type: 'mcp_toolset', mcp_server_name: 'look' }),
    ]);
    expect(api.requests[0]?.headers['anthropic-beta']).toBe('mcp-client-2025-11-20');
    // The mock called the real server: its answers are in the result blocks, under the server's name.
    const reply = viaApi.rounds[0]?.response?.content ?? [];
    const blocks = reply.flatMap((block) => (block.type === 'api_block' ? [block.block] : []));
    expect(blocks.map((block) => [block['type'], block['name'] ?? null, block['server_name'] ?? null])).toEqual([
      ['mcp_tool_use', 'tool_001', 'look'],
      ['mcp_tool_result', null, null],
      ['mcp_tool_use', 'tool_002', 'look'],
      ['mcp_tool_result', null, null],
    ]);
    expect(JSON.stringify(blocks[1])).toContain('tool_001: Paris');
    expect(viaApi.rounds).toHaveLength(1);
    expect(viaApi.rounds[0]?.toolCalls).toEqual([]);

    api.reset();
    const viaBrowser = await runToEnd(harness, 'browser', settings({ serverPaths: { s: 'browser' } }));
    expect(messageBodies().every((body) => body['mcp_servers'] === undefined)).toBe(true);
    expect(viaBrowser.rounds).toHaveLength(3);
    expect(viaBrowser.rounds.flatMap((round) => round.toolCalls.map((call) => call.name))).toEqual([
      'look__tool_001',
      'look__tool_002',
    ]);
    // Both answers quote what the server returned: the same answer, by two paths.
    const answer = (transcript: Transcript) => JSON.stringify(transcript.messages.at(-1)?.content.at(-1));
    expect(answer(viaApi)).toContain('tool_002: Paris');
    expect(answer(viaApi)).toBe(answer(viaBrowser));

    const compared = diffTranscripts(viaApi, viaBrowser);
    expect(compared.totals.left.rounds).toBe(1);
    expect(compared.totals.right.rounds).toBe(3);
    expect(compared.totals.left.apiToolCalls).toBe(2);
    expect(compared.totals.right.toolCalls).toBe(2);
    await harness.host.dispose();
  });

  it('a server set to Run through the API goes by the connector unless the run says browser', async () => {
    api.reset();
    const harness = createHostHarness();
    const server = { id: 's', name: 'look', url: tools.url, headers: {}, includeInstructions: false };
    await addServer(harness, { ...server, runThroughApi: { sendToken: false } });
    await runToEnd(harness, 'own-choice', settings());
    expect(messageBodies()[0]?.['mcp_servers']).toHaveLength(1);
    api.reset();
    await runToEnd(harness, 'overridden', settings({ serverPaths: { s: 'browser' } }));
    expect(messageBodies()[0]?.['mcp_servers']).toBeUndefined();
    expect(JSON.stringify(messageBodies()[0]?.['tools'])).toContain('look__tool_001');
    await harness.host.dispose();
  });
});

describe('the connector for a server signed in with OAuth', () => {
  let oauthServer: OAuthMcpServerHandle;
  beforeAll(async () => {
    oauthServer = await startOAuthMcpServer();
  });
  afterAll(async () => {
    await oauthServer.close();
  });

  /** What the sign-in window would do: follow the authorization URL (consent is automatic) and read the redirect. */
  async function consent(url: string): Promise<OAuthCallbackParams> {
    const response = await fetch(url, { redirect: 'manual' });
    const back = new URL(response.headers.get('location') ?? '');
    return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  }

  it('sends the access token only when allowed, renews it once ended, and writes it down nowhere', async () => {
    api.reset();
    let clock = Date.now();
    const environment = { ...createRunEnvironment(), now: () => clock };
    const harness = createHostHarness({ environment, serverExtras: true });
    const server: ServerConfig = {
      id: 'o',
      name: 'secure',
      url: oauthServer.url,
      headers: {},
      includeInstructions: false,
      runThroughApi: { sendToken: false },
    };
    await addServer(harness, server, 'error');
    const authorize = await harness.waitFor((messages) =>
      messages.flatMap((m) => (m.type === 'oauth' && m.event.kind === 'authorize' ? [m.event.url] : [])).at(0),
    );
    await harness.send({
      type: 'oauth-complete',
      serverId: 'o',
      callback: await consent(authorize),
      remember: false,
    });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'server-state' && m.state.serverId === 'o' && m.state.status === 'connected'),
    );
    const [first] = oauthServer.issuedTokens;

    // Not allowed: the server goes without a token, so the API (the mock) is turned away by it.
    const refused = await runToEnd(harness, 'no-token', settings());
    expect(messageBodies()[0]?.['mcp_servers']).toEqual([{ type: 'url', name: 'secure', url: oauthServer.url }]);
    expect(refused.finishReason).toBe('error');

    // Allowed: the sign-in's access token goes as authorization_token, and the server answers the API.
    await harness.send({ type: 'server-update', server: { ...server, runThroughApi: { sendToken: true } } });
    api.reset();
    const signedIn = await runToEnd(harness, 'token', settings());
    const sent = messageBodies()[0]?.['mcp_servers'] as { authorization_token?: string }[];
    expect(sent[0]?.authorization_token).toBe(first);
    expect(JSON.stringify(signedIn.rounds[0]?.response?.content)).toMatch(/signed in as [0-9a-f-]{36}/);
    expect(JSON.stringify(signedIn)).not.toContain(String(first));
    expect(JSON.stringify(signedIn)).toContain('REDACTED');

    // An hour later the token has ended (the server no longer takes it): it is renewed before the request.
    oauthServer.expireAccessTokens();
    clock += 3600_000;
    api.reset();
    const renewed = await runToEnd(harness, 'renewed', settings());
    expect(oauthServer.refreshes).toBe(1);
    const second = oauthServer.issuedTokens.at(-1);
    expect(second).not.toBe(first);
    expect((messageBodies()[0]?.['mcp_servers'] as { authorization_token?: string }[])[0]?.authorization_token).toBe(
      second,
    );
    expect(renewed.finishReason).toBe('end_turn');
    expect(JSON.stringify(renewed)).not.toContain(String(second));
    // The browser's own connection uses the renewed token too.
    await vi.waitFor(() => expect(oauthServer.issuedTokens).toHaveLength(2), REAL_IO_WAIT);

    // Moved to another URL, the server is another sign-in: its old token goes nowhere, not even to the API.
    const moved = oauthServer.url.replace('/mcp', '/mcp-moved');
    await harness.send({
      type: 'server-update',
      server: { ...server, url: moved, runThroughApi: { sendToken: true } },
    });
    api.reset();
    const refusedAfterMove = await runToEnd(harness, 'moved', settings());
    expect(messageBodies()).toEqual([]);
    expect(refusedAfterMove.finishReason).toBe('error');
    expect(JSON.stringify(refusedAfterMove)).toContain('not signed in to secure');
    await harness.host.dispose();
  });
});
