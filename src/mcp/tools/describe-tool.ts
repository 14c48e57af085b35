// A listed MCP tool as the UI shows it.
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import type { ServerToolInfo } from '../../protocol/server-status';
import { readToolApp } from '../apps/read-tool-app';

/** A listed MCP tool as the UI shows it, under the name the model sees. */
export function describeTool(tool: McpToolDefinition, exposedName: string): ServerToolInfo {
  const app = readToolApp(tool);
  return {
    exposedName,
    originalName: tool.name,
    description: tool.description ?? tool.title ?? '',
    inputSchema: tool.inputSchema,
    readOnly: tool.annotations?.readOnlyHint === true,
    ...(app === undefined ? {} : { app }),
  };
}
