// A test MCP server with 150 tools (more than OpenAI's 128), of varied size, for the tool-list budget.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle, type ServeMcpHttpOptions } from '../../server/serve-mcp-http';

/** How many tools the server lists. */
export const MANY_TOOLS_COUNT = 150;
/** The name of tool `index` (1-based): `tool_001` … `tool_150`. */
export const manyToolName = (index: number): string => `tool_${String(index).padStart(3, '0')}`;

/**
 * A new server of `count` tools (default 150); tool N's description grows with N so their token costs differ, and
 * each echoes its input.
 */
export function createManyToolsServer(count = MANY_TOOLS_COUNT): McpServer {
  const server = new McpServer({ name: 'many-tools', version: '0.0.1' });
  for (let index = 1; index <= count; index += 1) {
    server.registerTool(
      manyToolName(index),
      {
        description: `Tool number ${index}. ${'It looks things up. '.repeat(1 + (index % 12))}`,
        inputSchema: { query: z.string().describe('What to look up.'), limit: z.number().int().optional() },
        annotations: { readOnlyHint: true },
      },
      ({ query }) => ({ content: [{ type: 'text', text: `${manyToolName(index)}: ${query}` }] }),
    );
  }
  return server;
}

/** Starts the server on a free port of 127.0.0.1 (or `options.port`). */
export function startManyToolsServer(
  options: ServeMcpHttpOptions = {},
  count = MANY_TOOLS_COUNT,
): Promise<McpHttpHandle> {
  return serveMcpHttp(() => createManyToolsServer(count), options);
}
