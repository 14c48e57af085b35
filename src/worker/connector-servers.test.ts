import { describe, expect, it } from 'vitest';
import { createInMemoryTool } from '../engine/testing/in-memory-tool';
import type { Tool } from '../engine/tool/tool';
import type { ProviderSettings, ServerConfig } from '../protocol/settings';
import { withConnectorServers, withoutConnectorTools } from './connector-servers';
import { connectorTokens } from './connector-tokens';

const anthropic: ProviderSettings = { kind: 'anthropic', apiKey: 'k', model: 'm' };
const server = (id: string, extra: Partial<ServerConfig> = {}): ServerConfig => ({
  id,
  name: id,
  url: `https://${id}.example.com/mcp`,
  headers: { Authorization: 'Bearer tok-' + id, 'X-Api-Key': 'other-secret' },
  includeInstructions: true,
  ...extra,
});

describe('withConnectorServers', () => {
  it('sends the chosen servers, the bearer token only where allowed, never another header', () => {
    const configs = [
      server('a', { runThroughApi: { sendToken: true } }),
      server('b', { runThroughApi: { sendToken: false } }),
      server('c'),
    ];
    const { provider, throughApi } = withConnectorServers(anthropic, configs);
    expect(provider.kind === 'anthropic' && provider.connectorServers).toEqual([
      { name: 'a', url: 'https://a.example.com/mcp', authorizationToken: 'tok-a' },
      { name: 'b', url: 'https://b.example.com/mcp' },
    ]);
    expect(JSON.stringify(provider)).not.toContain('other-secret');
    expect([...throughApi]).toEqual(['a', 'b']);
  });

  it('keeps servers with the browser for other providers, and a header that is not a bearer token stays', () => {
    const openai: ProviderSettings = { kind: 'openai-compatible', apiKey: '', baseUrl: 'http://x', model: 'm' };
    const chosen = [server('a', { runThroughApi: { sendToken: true } })];
    expect(withConnectorServers(openai, chosen)).toEqual({ provider: openai, throughApi: new Set() });
    const basic = [
      server('a', { headers: { authorization: 'Basic dXNlcjpwYXNz' }, runThroughApi: { sendToken: true } }),
    ];
    const { provider } = withConnectorServers(anthropic, basic);
    expect(provider.kind === 'anthropic' && provider.connectorServers).toEqual([
      { name: 'a', url: 'https://a.example.com/mcp' },
    ]);
  });

  it("a run's paths win over each server's own choice; an OAuth server's token is its sign-in's, when allowed", () => {
    const configs = [
      server('a', { runThroughApi: { sendToken: true } }),
      server('b'),
      server('o', { headers: {}, runThroughApi: { sendToken: true } }),
      server('p', { headers: {}, runThroughApi: { sendToken: false } }),
    ];
    const { provider, throughApi } = withConnectorServers(anthropic, configs, { a: 'browser', b: 'api' });
    expect(provider.kind === 'anthropic' && provider.connectorServers).toEqual([
      { name: 'b', url: 'https://b.example.com/mcp' },
      { name: 'o', url: 'https://o.example.com/mcp', tokenFromSignIn: 'o' },
      { name: 'p', url: 'https://p.example.com/mcp' },
    ]);
    expect([...throughApi]).toEqual(['b', 'o', 'p']);
    // A suite's own connector servers come first and stay.
    const suite = { ...anthropic, connectorServers: [{ name: 's', url: 'https://s.example.com/mcp' }] };
    const joined = withConnectorServers(suite, [server('b')], { b: 'api' }).provider;
    // Only the map's own keys are paths: a server whose id names an Object member keeps its own choice.
    const odd = withConnectorServers(anthropic, [server('constructor', { runThroughApi: { sendToken: false } })], {});
    expect(odd.throughApi).toEqual(new Set(['constructor']));
    expect(joined.kind === 'anthropic' && joined.connectorServers?.map((entry) => entry.name)).toEqual(['s', 'b']);
  });

  it('drops the tools of servers the API calls, and only theirs', () => {
    const mcp = (serverId: string): Tool => ({
      ...createInMemoryTool({ name: `${serverId}__t`, run: () => 'x' }),
      origin: { kind: 'mcp', serverId, serverName: serverId, toolName: 't' },
    });
    const local = createInMemoryTool({ name: 'local', run: () => 'x' });
    const kept = withoutConnectorTools([mcp('a'), mcp('c'), local], new Set(['a']));
    expect(kept.map((tool) => tool.name)).toEqual(['c__t', 'local']);
  });
});

describe('connectorTokens', () => {
  it('fills sign-in tokens when asked, remembers them for scrubbing, and says why when there is none', async () => {
    const servers = [
      { name: 'a', url: 'https://a.example.com/mcp', authorizationToken: 'tok-a' },
      { name: 'o', url: 'https://o.example.com/mcp', tokenFromSignIn: 'o' },
    ];
    let next = 1;
    const tokens = connectorTokens(servers, (id) => Promise.resolve(`${id}-token-${next++}`));
    expect(await tokens.servers()).toEqual([
      { name: 'a', url: 'https://a.example.com/mcp', authorizationToken: 'tok-a' },
      { name: 'o', url: 'https://o.example.com/mcp', authorizationToken: 'o-token-1' },
    ]);
    await tokens.servers();
    expect(tokens.issued()).toEqual(['o-token-1', 'o-token-2']);
    const refused = connectorTokens(servers, () => Promise.reject(new Error('Sign in to o again.')));
    await expect(refused.servers()).rejects.toThrow('Sign in to o again.');
    await expect(connectorTokens(servers, undefined).servers()).rejects.toThrow('no sign-ins');
  });
});
