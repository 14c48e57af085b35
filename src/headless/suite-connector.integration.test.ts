// A suite whose case names a server `via: "api"`, run headless against the mock Messages API playing the MCP
// connector: the request names the server in mcp_servers, the mock calls the real server itself, the runner never
// connects to it, and the case's expectations judge the connector's calls (mcp_tool_use) like the runner's. The
// server's token goes only as LOUPE_SERVER_HEADERS binds it to the server's URL, and is written down nowhere.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startManyToolsServer } from '../../test/servers/many-tools-server';
import type { McpHttpHandle } from '../../server/serve-mcp-http';
import { serializeSuite } from '../suite/parse-suite';
import { SUITE_FORMAT, SUITE_VERSION, type TestSuite } from '../suite/test-suite';
import { runCommand } from './testing/run-command';

const TOKEN = 'srv-token-4b1d9e';
let api: MockMessagesApi;
let server: McpHttpHandle;
let seen: { authorization?: string; team?: string }[] = [];
beforeAll(async () => {
  api = await startMockMessagesApi({ connectorLoopbackHttp: true });
  server = await startManyToolsServer(
    {
      onRequest: (request: IncomingMessage) =>
        seen.push({
          ...(request.headers.authorization === undefined ? {} : { authorization: request.headers.authorization }),
          ...(typeof request.headers['x-team'] === 'string' ? { team: request.headers['x-team'] } : {}),
        }),
    },
    2,
  );
});
afterAll(async () => {
  await Promise.all([api.close(), server.close()]);
});
beforeEach(() => {
  api.reset();
  seen = [];
});

const suite = (url: string): TestSuite => ({
  format: SUITE_FORMAT,
  version: SUITE_VERSION,
  name: 'Through the connector',
  cases: [
    {
      id: 'look',
      name: 'Looks it up through the API',
      prompt: 'Look it up.',
      system: '',
      model: { provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: api.url },
      maxRounds: 4,
      maxTokens: 256,
      servers: [{ name: 'look', url, via: 'api' }],
      expectations: [
        { kind: 'tools-called', tools: ['look__tool_001', 'look__tool_002'], mode: 'exact' },
        {
          kind: 'tool-input',
          tool: 'look__tool_001',
          path: 'query',
          match: { kind: 'exact', value: 'Paris' },
          calls: 'all',
        },
        { kind: 'tool-status', status: 'ok' },
        { kind: 'tool-path', steps: [['look__tool_001', 'look__tool_002']], gaps: false },
        { kind: 'max-rounds', max: 1 },
        { kind: 'final-answer', match: { kind: 'contains', text: 'tool_002: Paris' } },
      ],
    },
  ],
});

const env = (headers: Record<string, Record<string, string>> = {}) => ({
  ANTHROPIC_API_KEY: 'sk-ant-ci-secret',
  LOUPE_KEY_ORIGINS: new URL(api.url).origin,
  LOUPE_SERVER_HEADERS: JSON.stringify(headers),
});

const sentServers = () =>
  api.requests
    .filter((request) => request.path === '/v1/messages')
    .map((request) => (request.body as { mcp_servers?: unknown }).mcp_servers);

describe('a suite server via the API', () => {
  it('goes in mcp_servers with its bound bearer token only; the connector calls pass the expectations', async () => {
    const files = { 's.json': serializeSuite(suite(server.url)) };
    const headers = { [server.url]: { Authorization: `Bearer ${TOKEN}`, 'X-Team': 'blue' } };
    const result = await runCommand(['test', 's.json', '--junit', 'out.xml'], files, env(headers));
    expect(result.err).toEqual(['The API gets no headers for look but a bearer token: X-Team stay here.']);
    // Every expectation on the connector's calls held (six checks).
    expect(result.last).toBe('6 passed, 0 failed');
    expect(result.code).toBe(0);
    expect(sentServers()).toEqual([[{ type: 'url', name: 'look', url: server.url, authorization_token: TOKEN }]]);
    // The server heard only the API (the mock) with the token; the runner, which would send X-Team, never came.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((request) => request.authorization === `Bearer ${TOKEN}` && request.team === undefined)).toBe(
      true,
    );
    const everything = [...result.out, ...Object.values(result.written)].join('\n');
    expect(everything).not.toContain(TOKEN);
  });

  it('sends no token the person did not bind to the URL the suite names', async () => {
    const files = { 's.json': serializeSuite(suite(server.url)) };
    const bound = { 'https://mcp.example.com/mcp': { Authorization: `Bearer ${TOKEN}` } };
    const result = await runCommand(['test', 's.json'], files, env(bound));
    expect(sentServers()).toEqual([[{ type: 'url', name: 'look', url: server.url }]]);
    expect(seen.every((request) => request.authorization === undefined)).toBe(true);
    // The server takes calls without a token: the expectations hold all the same.
    expect(result.last).toBe('6 passed, 0 failed');
  });

  it('runs the server from the runner on a model without a connector, and says so', async () => {
    const testSuite = suite(server.url);
    const [first] = testSuite.cases;
    if (first === undefined) throw new Error('no case');
    first.model = { provider: 'demo', model: 'demo' };
    first.expectations = [{ kind: 'finish-reason', reason: 'end_turn' }];
    const result = await runCommand(['test', 's.json'], { 's.json': serializeSuite(testSuite) }, env());
    expect(sentServers()).toEqual([]);
    expect(result.err).toEqual(['Only Anthropic models have the MCP connector: on this model the runner calls look.']);
    expect(result.last).toBe('1 passed, 0 failed');
  });
});
