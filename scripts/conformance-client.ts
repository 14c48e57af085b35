// Runs Loupe's own MCP client layer (src/mcp, as the worker uses it) from Node against a server URL given as
// the last argument, doing what the official conformance suite's scenario (MCP_CONFORMANCE_SCENARIO) asks, for
// both the 2025 suite and the 2026-07-28 one (MCP_CONFORMANCE_CONTEXT carries a scenario's extra input).
// Usage: npm run -s conformance-client -- <server-url>
import { connectMcpServer } from '../src/mcp/connection/connect-mcp-server';
import {
  type ConnectMcpServerOptions,
  type McpConnection,
  type McpServerConfig,
} from '../src/mcp/connection/mcp-connection';
import type { McpClientHandlers } from '../src/mcp/server-requests/mcp-client-handlers';
import { elicitationDefaults } from '../src/protocol/elicitation-defaults';
import type { ToolRunContext } from '../src/engine/tool/tool';
import { createConformanceSignIn, type ConformanceSignIn } from './conformance-auth';

const url = process.argv.at(-1) ?? '';
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;

const runContext = (): ToolRunContext => ({
  signal: new AbortController().signal,
  onProgress: (progress) => console.info('progress', JSON.stringify(progress)),
  log: (level, message) => console.info(`log ${level}: ${message}`),
});

/** A person who accepts every form as it opens: the defaults the form starts with. */
const handlers: McpClientHandlers = {
  elicit: (params) => Promise.resolve({ action: 'accept', content: elicitationDefaults(params.requestedSchema) }),
  onLog: (entry) => console.info('server log', JSON.stringify(entry)),
};

const config: McpServerConfig = { id: 'conformance', name: 'server', url, headers: {} };

function connect(options: ConnectMcpServerOptions = {}): Promise<McpConnection> {
  return connectMcpServer(config, { handlers, ...options });
}

/** Calls the server's tool `name` (as the server named it); answers a sign-in it asks for and calls again. */
async function call(
  connection: McpConnection,
  name: string,
  input: Record<string, unknown>,
  signIn?: ConformanceSignIn,
): Promise<boolean> {
  const tool = connection.tools.find(
    (candidate) => candidate.origin.kind === 'mcp' && candidate.origin.toolName === name,
  );
  if (tool === undefined) throw new Error(`The server lists no tool "${name}".`);
  for (;;) {
    let ok: boolean;
    try {
      const output = await tool.run(input, runContext());
      console.info(`${name} →`, JSON.stringify(output.content));
      ok = output.isError !== true;
    } catch (error) {
      if (signIn?.pending() !== true) throw error;
      ok = false;
    }
    if (signIn?.pending() !== true) return ok;
    await signIn.signIn();
  }
}

/** Connects with OAuth: each time the server asks for a sign-in, signs in and connects again. */
async function connectSigningIn(signIn: ConformanceSignIn): Promise<McpConnection> {
  for (;;) {
    try {
      return await connect({ authProvider: signIn.provider });
    } catch (error) {
      if (!signIn.pending()) throw error;
      await signIn.signIn();
    }
  }
}

type Scenario = () => Promise<void>;

/**
 * Connects, acts, closes. `modernOnly`: the scenario tests the 2026-07-28 wire, so a connection that negotiated
 * anything else fails it (rather than passing on the older era's behaviour).
 */
function connected(act: (connection: McpConnection) => Promise<void>, modernOnly = false): Scenario {
  return async () => {
    const connection = await connect({});
    console.info(`connected to ${connection.serverInfo.name} (protocol ${connection.protocolVersion ?? 'unknown'})`);
    if (modernOnly && connection.protocolVersion !== '2026-07-28') {
      await connection.close();
      throw new Error(`Negotiated ${connection.protocolVersion ?? 'no version'}, not 2026-07-28.`);
    }
    try {
      await act(connection);
    } finally {
      await connection.close();
    }
  };
}

const mustCall = async (connection: McpConnection, name: string, input: Record<string, unknown>) => {
  if (!(await call(connection, name, input))) throw new Error(`${name} answered with an error.`);
};

const authScenario: Scenario = async () => {
  const signIn = createConformanceSignIn(url, context);
  const connection = await connectSigningIn(signIn);
  try {
    if (!(await call(connection, 'test-tool', {}, signIn))) throw new Error('test-tool answered with an error.');
  } finally {
    await connection.close();
  }
};

const toolCalls = () =>
  (context['toolCalls'] as { name: string; arguments: Record<string, unknown> }[] | undefined) ?? [];

/** What each client scenario asks of the client. */
const scenarios: Record<string, Scenario> = {
  initialize: connected(async () => {}),
  'request-metadata': connected(async () => {}),
  'json-schema-ref-no-deref': connected(async () => {}),
  tools_call: connected((connection) => mustCall(connection, 'add_numbers', { a: 5, b: 3 })),
  'sse-retry': connected((connection) => mustCall(connection, 'test_reconnection', {})),
  'elicitation-sep1034-client-defaults': connected((connection) =>
    mustCall(connection, 'test_client_elicitation_defaults', {}),
  ),
  'json-schema-2020-12-preservation': connected(async (connection) => {
    const focal = connection.listedTools.find((tool) => tool.name === 'json_schema_2020_12_tool');
    if (focal === undefined) throw new Error('The server lists no json_schema_2020_12_tool.');
    await mustCall(connection, 'json_schema_echo', { schema: focal.inputSchema });
  }),
  'sep-2322-client-request-state': connected(async (connection) => {
    await mustCall(connection, 'test_mrtr_echo_state', {});
    await mustCall(connection, 'test_mrtr_no_state', {});
    await mustCall(connection, 'test_mrtr_unrelated', {});
    // An answer without `resultType` is a complete result (SEP-2322: a client MUST assume "complete").
    await mustCall(connection, 'test_mrtr_no_result_type', {});
  }, true),
  'http-standard-headers': connected(async (connection) => {
    const first = connection.listedTools[0];
    if (first !== undefined) await call(connection, first.name, {});
    const { resources } = await connection.browse.listResources();
    if (resources[0] !== undefined) await connection.browse.readResource(resources[0].uri);
    const { prompts } = await connection.browse.listPrompts();
    if (prompts[0] !== undefined) await connection.browse.getPrompt(prompts[0].name, {});
  }, true),
  'http-custom-headers': connected(async (connection) => {
    for (const { name, arguments: input } of toolCalls()) await call(connection, name, input);
  }, true),
  'http-invalid-tool-headers': connected(async (connection) => {
    // Loupe dropped the invalid definitions while listing; only what survived may be called.
    for (const tool of connection.listedTools) await call(connection, tool.name, { region: 'us-west1' });
  }, true),
};

async function main(): Promise<void> {
  if (!/^https?:\/\//.test(url)) throw new Error('Give the server URL as the last argument.');
  const act = scenario.startsWith('auth/') ? authScenario : scenarios[scenario];
  if (act === undefined)
    throw new Error(`Unknown scenario "${scenario}"; known: ${Object.keys(scenarios).join(', ')}, auth/*.`);
  await act();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
