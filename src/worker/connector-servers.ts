// The MCP connector on the worker's side: which servers the API calls itself, and what goes with them.
import type { Tool } from '../engine/tool/tool';
import type { ProviderSettings, ServerConfig } from '../protocol/settings';
import type { ConnectorServer } from '../shared/connector-server';

/** The bearer token of `headers` (`Authorization: Bearer …`, any case), or nothing. */
function bearerOf(headers: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() === 'authorization') return /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1];
  return undefined;
}

/**
 * The provider with the servers set to "Run through the API" as `connectorServers` (Anthropic only; other
 * providers have no connector, so their servers stay with the browser), and the ids of those servers. Only the
 * bearer token goes, and only for a server whose person ticked "Send the token to the API"; other headers never.
 */
export function withConnectorServers(
  provider: ProviderSettings,
  configs: readonly ServerConfig[],
): { provider: ProviderSettings; throughApi: ReadonlySet<string> } {
  if (provider.kind !== 'anthropic') return { provider, throughApi: new Set() };
  const chosen = configs.filter((config) => config.runThroughApi !== undefined);
  if (chosen.length === 0) return { provider, throughApi: new Set() };
  const connectorServers: ConnectorServer[] = chosen.map((config) => {
    const token = config.runThroughApi?.sendToken ? bearerOf(config.headers) : undefined;
    return { name: config.name, url: config.url, ...(token === undefined ? {} : { authorizationToken: token }) };
  });
  return { provider: { ...provider, connectorServers }, throughApi: new Set(chosen.map((config) => config.id)) };
}

/** `tools` without those of servers the API calls itself: the model reaches them through the connector. */
export function withoutConnectorTools(tools: Tool[], throughApi: ReadonlySet<string>): Tool[] {
  if (throughApi.size === 0) return tools;
  return tools.filter((tool) => tool.origin.kind !== 'mcp' || !throughApi.has(tool.origin.serverId));
}
