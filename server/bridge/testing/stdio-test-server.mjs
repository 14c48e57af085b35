// A stdio MCP server for the bridge's tests, in plain JavaScript so it starts fast (no tsx). It says its pid on
// stderr first, and has tools that echo, write to stderr, read an environment variable, and crash.
// STDIO_TEST_EXIT_AT_START=<code> makes it exit before it reads anything (a server that cannot start).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

process.stderr.write(`test server pid=${process.pid}\n`);
const exitAtStart = process.env.STDIO_TEST_EXIT_AT_START;
if (exitAtStart !== undefined) {
  process.stderr.write('missing configuration: STDIO_TEST_SECRET is not set\n');
  process.exit(Number(exitAtStart));
}

const server = new McpServer({ name: 'stdio-test-server', version: '1.0.0' });
const text = (value) => ({ content: [{ type: 'text', text: value }] });
server.registerTool('echo', { inputSchema: { text: z.string() } }, ({ text: value }) => text(`echo: ${value}`));
server.registerTool('whoami', {}, () => text(`pid=${process.pid} secret=${process.env.STDIO_TEST_SECRET ?? ''}`));
server.registerTool('shout', { inputSchema: { line: z.string() } }, ({ line }) => {
  process.stderr.write(`${line}\n`);
  return text('written to stderr');
});
server.registerTool('crash', {}, () => {
  process.stderr.write('about to crash\n');
  process.exit(3);
});
await server.connect(new StdioServerTransport());
