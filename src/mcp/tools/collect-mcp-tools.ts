// Names the tools of several MCP connections together, so a clash across servers gets a hash, not a tie.
import type { Tool } from '../../engine/tool/tool';
import type { ServerToolInfo } from '../../protocol/server-status';
import { describeTool } from './describe-tool';
import { type McpConnection } from '../connection/mcp-connection';
import { createToolNameMap, type ToolNameMap } from './expose-tool-names';

/** The engine tools of several servers, their UI listings per server id, and the shared name map. */
export interface McpToolSet {
  tools: Tool[];
  toolInfos: Map<string, ServerToolInfo[]>;
  names: ToolNameMap;
}

/**
 * Builds one catalogue from `connections` with a single `createToolNameMap`, in connection order then
 * each server's listing order. Exposed names resolve back to a server and tool only through `names`.
 */
export function exposeMcpTools(connections: readonly McpConnection[]): McpToolSet {
  const entries = connections.flatMap((connection) =>
    connection.listedTools.map((tool) => ({
      connection,
      tool,
      serverId: connection.config.id,
      serverName: connection.config.name,
      serverUrl: connection.config.url,
      toolName: tool.name,
    })),
  );
  const names = createToolNameMap(entries);
  const tools: Tool[] = [];
  const toolInfos = new Map<string, ServerToolInfo[]>(connections.map((connection) => [connection.config.id, []]));
  entries.forEach(({ connection, tool }, index) => {
    const exposedName = names.exposedNames[index] ?? tool.name;
    const engineTool = connection.createTool(tool.name, exposedName);
    if (engineTool !== undefined) tools.push(engineTool);
    toolInfos.get(connection.config.id)?.push(describeTool(tool, exposedName));
  });
  return { tools, toolInfos, names };
}

/** The engine tools of several servers, named together (see `exposeMcpTools`). */
export function collectMcpTools(connections: readonly McpConnection[]): Tool[] {
  return exposeMcpTools(connections).tools;
}
