// The MCP connector (beta) as request fields: `mcp_servers` and one `mcp_toolset` per server. Pure.
import type {
  BetaMCPToolset,
  BetaRequestMCPServerURLDefinition,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { ConnectorServer } from '../../shared/connector-server';

/**
 * Each server as the API names it, with its toolset (all its tools, loaded). The token goes only where the
 * person allowed it, as `authorization_token`, which the API sends to that server's URL alone.
 */
export function buildConnector(servers: readonly ConnectorServer[]): {
  servers: BetaRequestMCPServerURLDefinition[];
  toolsets: BetaMCPToolset[];
} {
  return {
    servers: servers.map((server) => ({
      type: 'url',
      name: server.name,
      url: server.url,
      ...(server.authorizationToken === undefined ? {} : { authorization_token: server.authorizationToken }),
    })),
    toolsets: servers.map((server) => ({ type: 'mcp_toolset', mcp_server_name: server.name })),
  };
}
