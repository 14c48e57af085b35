// The worker's side of MCP Apps: an app's page and the tool calls an app makes, each on its own server only.
import type { McpAppCommand, McpAppCommandResults } from '../protocol/mcp-app-messages';
import type { AppCallHost } from './app-call-host';
import type { ServerRegistry } from './server-registry';

/**
 * Runs one MCP Apps command. The page must be the `ui://` resource of one of the server's tools
 * (`McpAppAccess` refuses anything else, with the reason); a tool call goes into its run (`AppCallHost`).
 */
export async function executeMcpAppCommand(
  servers: ServerRegistry,
  appCalls: AppCallHost,
  command: McpAppCommand,
): Promise<McpAppCommandResults[McpAppCommand['type']]> {
  switch (command.type) {
    case 'mcp-app-resource':
      return servers.connection(command.serverId).apps.readPage(command.uri);
    case 'mcp-app-tool-call':
      return appCalls.call(command);
  }
}
