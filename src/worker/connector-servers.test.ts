import { describe, expect, it } from 'vitest';
import { createInMemoryTool } from '../engine/testing/in-memory-tool';
import type { Tool } from '../engine/tool/tool';
import type { ProviderSettings, ServerConfig } from '../protocol/settings';
import { withConnectorServers, withoutConnectorTools } from './connector-servers';

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
