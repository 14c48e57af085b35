// Opens one MCP client session: streamable HTTP first, the older SSE transport when the server lacks it.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { clientCapabilitiesFor, installClientHandlers, type McpClientHandlers } from './mcp-client-handlers';
import { Client, SSEClientTransport, StreamableHTTPClientTransport, StreamableHTTPError } from './mcp-sdk-client';
import type { OAuthClientProvider } from './mcp-sdk-client';
import { recordTransport } from './record-transport';
import { detectHiddenSession } from './detect-browser-blocks';
import { McpConnectionError } from './mcp-connection-error';
import type { McpSession } from './mcp-session';

export type { McpSession } from './mcp-session';

export interface OpenMcpSessionOptions {
  headers: Record<string, string>;
  fetch?: typeof fetch;
  timeoutMs: number;
  onToolsChanged?: () => void;
  /** Logging, traffic recording, elicitation and sampling (see `McpClientHandlers`). */
  handlers?: McpClientHandlers;
  /** Signs in with OAuth 2.1 when the server asks for it (the SDK's auth flow). */
  authProvider?: OAuthClientProvider;
}

function createClient(options: OpenMcpSessionOptions): Client {
  // The default Ajv validator compiles schemas with eval, which the app's CSP forbids.
  const client = new Client(
    { name: 'loupe', version: '0.1.0' },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator(), capabilities: clientCapabilitiesFor(options.handlers) },
  );
  installClientHandlers(client, options.handlers);
  // The SDK also reports stream hiccups here; the requests that matter reject on their own, so nothing is lost.
  client.onerror = () => {};
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    options.onToolsChanged?.();
  });
  return client;
}

function transportOptions(options: OpenMcpSessionOptions) {
  return {
    requestInit: { headers: { ...options.headers } },
    redirectPolicy: 'follow' as const,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
  };
}

/** The transport the client talks through: recorded when someone listens to the traffic. */
function observed(transport: Transport, options: OpenMcpSessionOptions): Transport {
  const onTraffic = options.handlers?.onTraffic;
  return onTraffic === undefined ? transport : recordTransport(transport, onTraffic);
}

/**
 * Connects (initialize) over streamable HTTP; when the server answers that POST with 404 or 405 it tries the
 * older HTTP+SSE transport at the same URL. If that fails too, the streamable HTTP error is thrown, since it
 * says more about the URL the person gave.
 */
export async function openMcpSession(url: URL, options: OpenMcpSessionOptions): Promise<McpSession> {
  const transport = new StreamableHTTPClientTransport(url, transportOptions(options));
  const client = createClient(options);
  try {
    await client.connect(observed(transport, options), { timeout: options.timeoutMs });
    const protocolVersion = transport.protocolVersion;
    return {
      client,
      transport,
      kind: 'streamable-http',
      ...(protocolVersion === undefined ? {} : { protocolVersion }),
    };
  } catch (error) {
    await client.close().catch(() => {});
    // Initialize was answered (the server's info is known) but what followed was refused: a hidden session id.
    const hidden = client.getServerVersion() === undefined ? undefined : detectHiddenSession({ transport }, error);
    if (hidden !== undefined) throw new McpConnectionError(hidden, { cause: error });
    if (!(error instanceof StreamableHTTPError && (error.code === 404 || error.code === 405))) throw error;
    const sseTransport = new SSEClientTransport(url, transportOptions(options));
    const sseClient = createClient(options);
    try {
      await sseClient.connect(observed(sseTransport, options), { timeout: options.timeoutMs });
      return { client: sseClient, transport: sseTransport, kind: 'sse' };
    } catch {
      await sseClient.close().catch(() => {});
      throw error;
    }
  }
}

/** Whether an error means the server forgot the session (HTTP 404, or 400 for a session it no longer knows). */
export function isDeadSessionError(error: unknown): boolean {
  return error instanceof StreamableHTTPError && (error.code === 404 || error.code === 400);
}
