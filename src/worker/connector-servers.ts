// The MCP connector on the worker's side: which servers the API calls itself, and what goes with them.
import type { Tool } from '../engine/tool/tool';
import type { ProviderSettings, ServerConfig } from '../protocol/settings';
import type { ConnectorServer } from '../shared/connector-server';

/** The bearer token of `headers` (`Authorization: Bearer …`, any case), or nothing. */
export function bearerOf(headers: Readonly<Record<string, string>>): string | undefined {
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() === 'authorization') return /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1];
  return undefined;
}

const hasAuthorization = (headers: Record<string, string>) =>
  Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');

/** Where a server's token comes from when the person let it go: its bearer header, else its OAuth sign-in. */
function tokenOf(config: ServerConfig): Pick<ConnectorServer, 'authorizationToken' | 'tokenFromSignIn'> {
  if (config.runThroughApi?.sendToken !== true) return {};
  const bearer = bearerOf(config.headers);
  if (bearer !== undefined) return { authorizationToken: bearer };
  // Another Authorization scheme (Basic…) is never sent, and a server with one has no OAuth sign-in.
  return hasAuthorization(config.headers) ? {} : { tokenFromSignIn: config.id };
}

/** A run's choice of path per server id (Compare runs one prompt both ways); absent: each server's own choice. */
export type ServerPaths = Readonly<Record<string, 'api' | 'browser'>>;

/** The run's path for `id`, only from the map's own keys (a server id such as `constructor` is no path). */
const ownPath = (paths: ServerPaths, id: string) => (Object.hasOwn(paths, id) ? paths[id] : undefined);

/**
 * The provider with the servers going through the API as `connectorServers` (Anthropic only; other providers have
 * no connector, so their servers stay with the browser), after any the provider already names (a suite's), and the
 * ids of those servers. A server goes through the API when `paths` says so, else when it is set to "Run through the
 * API". Its token goes only where the person ticked "Send the token to the API": the bearer token of its headers,
 * or its OAuth sign-in's access token (fetched when each request is sent); other headers never.
 */
export function withConnectorServers(
  provider: ProviderSettings,
  configs: readonly ServerConfig[],
  paths: ServerPaths = {},
): { provider: ProviderSettings; throughApi: ReadonlySet<string> } {
  if (provider.kind !== 'anthropic') return { provider, throughApi: new Set() };
  // A server the provider names already (a suite's `via: "api"`) goes through the API even if connected here.
  const named = new Set((provider.connectorServers ?? []).map((server) => server.name));
  const chosen = configs.filter(
    (config) =>
      named.has(config.name) || (ownPath(paths, config.id) ?? (config.runThroughApi ? 'api' : 'browser')) === 'api',
  );
  if (chosen.length === 0) return { provider, throughApi: new Set() };
  const connectorServers: ConnectorServer[] = [
    ...(provider.connectorServers ?? []),
    ...chosen
      .filter((config) => !named.has(config.name))
      .map((config) => ({ name: config.name, url: config.url, ...tokenOf(config) })),
  ];
  return { provider: { ...provider, connectorServers }, throughApi: new Set(chosen.map((config) => config.id)) };
}

/** `tools` without those of servers the API calls itself: the model reaches them through the connector. */
export function withoutConnectorTools(tools: Tool[], throughApi: ReadonlySet<string>): Tool[] {
  if (throughApi.size === 0) return tools;
  return tools.filter((tool) => tool.origin.kind !== 'mcp' || !throughApi.has(tool.origin.serverId));
}
