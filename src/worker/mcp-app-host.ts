// The worker's side of MCP Apps: an app's page and the tool calls an app makes, each on its own server only.
import { defaultToolTimeoutMs } from '../mcp/connect-mcp-server';
import type { McpAppCommand, McpAppCommandResults } from '../protocol/mcp-app-messages';
import type { ServerRegistry } from './server-registry';

/**
 * Runs one MCP Apps command on `servers`. The page must be the `ui://` resource of one of the server's tools
 * and the tool one the server marked for apps (`McpAppAccess` refuses anything else, with the reason).
 */
export async function executeMcpAppCommand(
  servers: ServerRegistry,
  command: McpAppCommand,
): Promise<McpAppCommandResults[McpAppCommand['type']]> {
  const connection = servers.connection(command.serverId);
  switch (command.type) {
    case 'mcp-app-resource':
      return connection.apps.readPage(command.uri);
    case 'mcp-app-tool-call':
      return connection.apps.callTool(
        command.toolName,
        command.arguments,
        connection.config.toolTimeoutMs ?? defaultToolTimeoutMs,
      );
  }
}
