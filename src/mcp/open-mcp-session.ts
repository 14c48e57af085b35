// Opens one MCP client session: streamable HTTP first, the older SSE transport when the server lacks it.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { Client, SSEClientTransport, StreamableHTTPClientTransport, StreamableHTTPError } from './mcp-sdk-client';

/** A connected SDK client and the transport it runs on. */
export interface McpSession {
  client: Client;
  transport: Transport;
  /** Which transport answered. */
  kind: 'streamable-http' | 'sse';
  /** The negotiated protocol version, when the transport reports it. */
  protocolVersion?: string;
}

export interface OpenMcpSessionOptions {
  headers: Record<string, string>;
  fetch?: typeof fetch;
  timeoutMs: number;
  onToolsChanged?: () => void;
}

function createClient(options: OpenMcpSessionOptions): Client {
  // The default Ajv validator compiles schemas with eval, which the app's CSP forbids.
  const client = new Client(
    { name: 'loupe', version: '0.1.0' },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
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
  };
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
    await client.connect(transport, { timeout: options.timeoutMs });
    const protocolVersion = transport.protocolVersion;
    return {
      client,
      transport,
      kind: 'streamable-http',
      ...(protocolVersion === undefined ? {} : { protocolVersion }),
    };
  } catch (error) {
    await client.close().catch(() => {});
    if (!(error instanceof StreamableHTTPError && (error.code === 404 || error.code === 405))) throw error;
    const sseTransport = new SSEClientTransport(url, transportOptions(options));
    const sseClient = createClient(options);
    try {
      await sseClient.connect(sseTransport, { timeout: options.timeoutMs });
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
