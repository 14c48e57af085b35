// The MCP server behind the HTTP+SSE-only test server in the end-to-end stack: one tool whose answer names the
// SSE session it travelled on, so a test sees the call went over that transport and no other.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** What `echo` answers for `text` on the SSE session `sessionId`. */
export const sseEchoText = (sessionId: string, text: string): string =>
  `Echo over HTTP+SSE session ${sessionId}: ${text}`;

/** A server with the one tool `echo`, for the SSE session `sessionId`. */
export function createSseEchoServer(sessionId: string): McpServer {
  const server = new McpServer({ name: 'sse-echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes the text, naming the HTTP+SSE session.', inputSchema: { text: z.string() } },
    ({ text }) => ({ content: [{ type: 'text', text: sseEchoText(sessionId, text) }] }),
  );
  return server;
}
