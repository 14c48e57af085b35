import { describe, expect, it } from 'vitest';
import { SUITE_FORMAT, SUITE_VERSION, type TestSuite } from '../suite/test-suite';
import { prepareSuiteServers } from './prepare-suite-servers';
import { readSecretBindings, serverHeadersFor, type SecretBindings } from './read-secret-bindings';

const suite: TestSuite = {
  format: SUITE_FORMAT,
  version: SUITE_VERSION,
  name: 'S',
  cases: [],
  servers: [{ name: 'search', url: 'https://mcp.example.com/mcp', headers: ['Authorization'] }],
};
const bindings = (env: Record<string, string>) => readSecretBindings(env) as SecretBindings;

describe('prepareSuiteServers', () => {
  it('stops before anything is sent when a header the suite names is not bound to its URL', async () => {
    const elsewhere = bindings({
      LOUPE_SERVER_HEADERS: '{"https://other.example.com": {"Authorization": "Bearer x"}}',
    });
    const result = await prepareSuiteServers(suite, { bindings: elsewhere, allowStdio: false, out: () => undefined });
    expect(result).toBe(
      'The server "search" needs the header(s) Authorization. Set them in LOUPE_SERVER_HEADERS, bound to its URL: {"https://mcp.example.com/mcp": {"Authorization": "…"}}.',
    );
  });

  it('gives the URL servers by name when their headers are bound', async () => {
    const bound = bindings({ LOUPE_SERVER_HEADERS: '{"https://mcp.example.com": {"authorization": "Bearer x"}}' });
    const result = await prepareSuiteServers(suite, { bindings: bound, allowStdio: false, out: () => undefined });
    if (typeof result === 'string') throw new Error(result);
    expect([...result.urls]).toEqual([['search', 'https://mcp.example.com/mcp']]);
  });

  it('binds the bridge token to the started servers’ URLs only', async () => {
    const withStdio: TestSuite = { ...suite, servers: [{ name: 'memory', command: 'npx', args: ['x'] }] };
    const result = await prepareSuiteServers(withStdio, {
      bindings: bindings({}),
      allowStdio: true,
      out: () => undefined,
      startStdio: () =>
        Promise.resolve({
          urls: [{ name: 'memory', url: 'http://127.0.0.1:4444/memory/mcp' }],
          token: 'tok-0123456789abcdef',
          childPids: () => [],
          close: () => Promise.resolve(),
        }),
    });
    if (typeof result === 'string') throw new Error(result);
    expect(serverHeadersFor('http://127.0.0.1:4444/memory/mcp', result.bindings)).toEqual({
      'Loupe-Bridge-Token': 'tok-0123456789abcdef',
    });
    expect(serverHeadersFor('http://127.0.0.1:4444/other/mcp', result.bindings)).toEqual({});
    expect(serverHeadersFor('https://mcp.example.com/mcp', result.bindings)).toEqual({});
  });
});
