// Runs Loupe's own MCP client layer (src/mcp, as the worker uses it) from Node against a server URL given as
// the last argument, doing what the official conformance suite's scenario (MCP_CONFORMANCE_SCENARIO) asks.
// Usage: npm run -s conformance-client -- <server-url>
import { connectMcpServer, type McpConnection } from '../src/mcp/connect-mcp-server';
import type { McpClientHandlers } from '../src/mcp/mcp-client-handlers';
import { elicitationDefaults } from '../src/protocol/elicitation-defaults';
import type { ToolRunContext } from '../src/engine/tool/tool';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';

const context = (): ToolRunContext => ({
  signal: new AbortController().signal,
  onProgress: (progress) => console.info('progress', JSON.stringify(progress)),
  log: (level, message) => console.info(`log ${level}: ${message}`),
});

/** Calls the server's tool `name` (as the server named it) and prints what came back. */
async function call(connection: McpConnection, name: string, input: Record<string, unknown>): Promise<void> {
  const tool = connection.tools.find(
    (candidate) => candidate.origin.kind === 'mcp' && candidate.origin.toolName === name,
  );
  if (tool === undefined) throw new Error(`The server lists no tool "${name}".`);
  const output = await tool.run(input, context());
  console.info(`${name} →`, JSON.stringify(output.content));
  if (output.isError === true) throw new Error(`${name} answered with an error.`);
}

/** What each client scenario asks of the client once it is connected. */
const scenarios: Record<string, (connection: McpConnection) => Promise<void>> = {
  initialize: async () => {},
  tools_call: (connection) => call(connection, 'add_numbers', { a: 5, b: 3 }),
  'sse-retry': (connection) => call(connection, 'test_reconnection', {}),
  'elicitation-sep1034-client-defaults': (connection) => call(connection, 'test_client_elicitation_defaults', {}),
};

/** A person who accepts every form as it opens: the defaults the form starts with. */
const handlers: McpClientHandlers = {
  elicit: (params) => Promise.resolve({ action: 'accept', content: elicitationDefaults(params.requestedSchema) }),
  onLog: (entry) => console.info('server log', JSON.stringify(entry)),
};

async function main(): Promise<void> {
  if (url === undefined || !/^https?:\/\//.test(url)) throw new Error('Give the server URL as the last argument.');
  const act = scenarios[scenario];
  if (act === undefined)
    throw new Error(`Unknown scenario "${scenario}"; known: ${Object.keys(scenarios).join(', ')}.`);
  const connection = await connectMcpServer({ id: 'conformance', name: 'server', url, headers: {} }, { handlers });
  console.info(`connected to ${connection.serverInfo.name} (protocol ${connection.protocolVersion ?? 'unknown'})`);
  try {
    await act(connection);
  } finally {
    await connection.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
