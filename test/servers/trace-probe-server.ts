// A test MCP server with the two tools the Demo model calls (`weather_get`, then `clothing_advise`), which hands
// each tools/call's `params._meta` to the test: how trace-context tests see what a server received.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** Called with the tool's name and the request's `_meta` (undefined when the client sent none). */
export type OnToolCall = (tool: string, meta: Record<string, unknown> | undefined) => void;

export function createTraceProbeServer(onCall: OnToolCall): McpServer {
  const server = new McpServer({ name: 'probe', version: '1.0.0' });
  const record = (tool: string, text: string) => (_args: unknown, extra: { _meta?: Record<string, unknown> }) => {
    onCall(tool, extra._meta);
    return { content: [{ type: 'text' as const, text }] };
  };
  // The Demo model reads the temperature and conditions from the weather and asks for clothes with them.
  server.registerTool(
    'weather_get',
    { description: 'Weather', inputSchema: { city: z.string() } },
    record('weather_get', '{"city":"Rome","temperatureC":21,"conditions":"sunny"}'),
  );
  server.registerTool(
    'clothing_advise',
    { description: 'Clothes', inputSchema: { temperatureC: z.number(), conditions: z.string() } },
    record('clothing_advise', 'A light jacket.'),
  );
  return server;
}
