// Opens one MCP client session in the era the person chose: streamable HTTP first, the older SSE transport when the server lacks it.
import type { Transport } from '@modelcontextprotocol/client';
import { clientCapabilitiesFor, installClientHandlers } from '../server-requests/mcp-client-handlers';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '../sdk/mcp-sdk-client';
import { recordTransport } from '../http/record-transport';
import { carryTaskHandles } from '../tasks/task-handle-transport';
import { CfWorkerSchemaValidator } from '../sdk/schema-validator';
import { DEFAULT_REQUEST_LOG_LEVEL, withRequestLogLevel } from './request-log-level';
import { detectHiddenSession } from '../connection/detect-browser-blocks';
import { McpConnectionError } from '../connection/mcp-connection-error';
import { MODERN_PROTOCOL_VERSION, type McpEraChoice, type RememberedEra } from './mcp-era';
import type { McpSession } from './mcp-session';
import { isProbeNetworkFailure, sdkHttpStatusOf } from '../sdk/sdk-errors';
import { watchRequestStreams } from './watch-request-streams';
import { transportOptions } from './transport-options';
import { deliverCallLogs } from './deliver-call-logs';
import { unmarkStreamLogs } from './mark-stream-logs';
import { foreignSseEndpointProblem } from './foreign-sse-endpoint';

export type { McpSession } from './mcp-session';
export type { OpenMcpSessionOptions } from './open-mcp-session-options';
import type { OpenMcpSessionOptions } from './open-mcp-session-options';

/** Said on the server item when the probe could not be sent from the worker and Loupe fell back. */
export const PROBE_FALLBACK_NOTE =
  'The 2026-07-28 probe (server/discover) could not be sent: the server’s CORS answer probably does not allow the Mcp-Method header. Connected with the 2025-era handshake instead; pick "2026-07-28" under Protocol era to insist on the new revision.';

function negotiationFor(era: McpEraChoice) {
  if (era === '2026-07-28') return { mode: { pin: MODERN_PROTOCOL_VERSION } };
  if (era === 'auto') return { mode: 'auto' as const };
  return { mode: 'legacy' as const };
}

function createClient(options: OpenMcpSessionOptions, era: McpEraChoice): Client {
  const client = new Client(
    { name: 'loupe', version: '0.1.0' },
    {
      // Explicitly the eval-free validator: the app's CSP forbids the Ajv one.
      jsonSchemaValidator: new CfWorkerSchemaValidator(),
      capabilities: clientCapabilitiesFor(options.handlers),
      versionNegotiation: negotiationFor(era),
    },
  );
  installClientHandlers(client, options.handlers);
  // The SDK also reports stream hiccups here; the requests that matter reject on their own, so nothing is lost.
  client.onerror = () => {};
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    options.onToolsChanged?.();
  });
  client.setNotificationHandler('notifications/resources/list_changed', () => {
    options.onListChanged?.('resources/list');
  });
  client.setNotificationHandler('notifications/prompts/list_changed', () => {
    options.onListChanged?.('prompts/list');
  });
  return client;
}

/** The transport the client talks through, recorded for whoever listens to the traffic; notes an answered initialize. */
function observed(
  transport: Transport,
  client: Client,
  options: OpenMcpSessionOptions,
  onInitializeAnswered: () => void = () => {},
): Transport {
  const onTraffic = options.handlers?.onTraffic;
  return recordTransport(
    transport,
    (entry) => {
      if (entry.direction === 'received' && entry.kind === 'response' && entry.method === 'initialize')
        onInitializeAnswered();
      const era = client.getProtocolEra();
      onTraffic?.(era === undefined ? entry : { ...entry, era });
    },
    Date.now,
    {
      // The stateless revision has no logging/setLevel: the level travels with each request instead.
      sent: (message) =>
        client.getProtocolEra() === 'modern'
          ? withRequestLogLevel(message, options.requestLogLevel?.() ?? DEFAULT_REQUEST_LOG_LEVEL)
          : message,
    },
  );
}

/** The session of a connected client, with what to remember about its era. */
function sessionOf(client: Client, transport: Transport, kind: McpSession['kind'], eraNote?: string): McpSession {
  const era = client.getProtocolEra() ?? 'legacy';
  const discover = client.getDiscoverResult();
  const protocolVersion =
    client.getNegotiatedProtocolVersion() ??
    (transport instanceof StreamableHTTPClientTransport ? transport.protocolVersion : undefined);
  return {
    client,
    transport,
    kind,
    era,
    remembered: era === 'modern' && discover !== undefined ? { kind: 'modern', discover } : { kind: 'legacy' },
    ...(protocolVersion === undefined ? {} : { protocolVersion }),
    ...(eraNote === undefined ? {} : { eraNote }),
  };
}

/**
 * On a 2026-07-28 connection change notifications come only on a `subscriptions/listen` stream; the SDK hands
 * them to the same `notifications/tools/list_changed` handler. A server that refuses the stream still works,
 * its tool list just does not refresh by itself.
 */
async function listenForToolChanges(client: Client, timeout: number): Promise<void> {
  if (client.getProtocolEra() !== 'modern') return;
  const tools = client.getServerCapabilities()?.tools as { listChanged?: boolean } | undefined;
  if (tools?.listChanged !== true) return;
  await client.listen({ toolsListChanged: true }, { timeout }).catch(() => undefined);
}

/** Connects over streamable HTTP in `era`, starting from `prior` when given. */
async function connectStreamable(
  url: URL,
  options: OpenMcpSessionOptions,
  era: McpEraChoice,
  prior: RememberedEra | undefined,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const watch = watchRequestStreams(options.streams);
  const transport = new StreamableHTTPClientTransport(url, transportOptions(url, options, watch));
  const client = createClient(options, era);
  let initializeAnswered = false;
  try {
    await client.connect(
      // The watch outside the traffic log, so the answer it gives a lost request reaches the client but no log;
      // the log marks taken off before the traffic log, and logs delivered outermost, where calls are known.
      deliverCallLogs(
        watch.wrap(
          carryTaskHandles(
            observed(unmarkStreamLogs(transport), client, options, () => {
              initializeAnswered = true;
            }),
            client,
          ),
        ),
      ),
      {
        timeout: options.timeoutMs,
        ...(prior === undefined ? {} : { prior }),
      },
    );
    await listenForToolChanges(client, options.timeoutMs);
    return { client, transport };
  } catch (error) {
    // Initialize was answered (the server's info is known) but what followed was refused: a hidden session id.
    const hidden = initializeAnswered ? detectHiddenSession({ transport }, error) : undefined;
    await client.close().catch(() => {});
    if (hidden !== undefined) throw new McpConnectionError(hidden, { cause: error });
    throw error;
  }
}

/**
 * Connects over streamable HTTP in the chosen era (`auto`: `server/discover`, then the 2025 `initialize`
 * handshake when the server is older). In `auto`, a probe the worker could not send at all (a cross-origin
 * 2025-era server whose CORS list lacks `Mcp-Method`) is retried as 2025-era, with `eraNote` saying so. When the
 * server answers the 2025 handshake's POST with 404 or 405 it tries the older HTTP+SSE transport at the same
 * URL; if that fails too, the streamable HTTP error is thrown, since it says more about the URL the person gave
 * (unless the stream named another origin for its messages, which is said as such).
 */
export async function openMcpSession(url: URL, options: OpenMcpSessionOptions): Promise<McpSession> {
  const era = options.era ?? 'auto';
  let note: string | undefined;
  let firstError: unknown;
  try {
    const { client, transport } = await connectStreamable(url, options, era, options.prior);
    return sessionOf(client, transport, 'streamable-http');
  } catch (error) {
    if (error instanceof McpConnectionError) throw error;
    firstError = error;
  }
  if (era === 'auto' && options.prior === undefined && isProbeNetworkFailure(firstError)) {
    note = PROBE_FALLBACK_NOTE;
    try {
      const { client, transport } = await connectStreamable(url, options, '2025', { kind: 'legacy' });
      return sessionOf(client, transport, 'streamable-http', note);
    } catch (error) {
      if (error instanceof McpConnectionError) throw error;
      firstError = error;
    }
  }
  const status = sdkHttpStatusOf(firstError);
  if (era === '2026-07-28' || (status !== 404 && status !== 405)) throw firstError;
  const sseTransport = new SSEClientTransport(url, transportOptions(url, options));
  const sseClient = createClient(options, '2025');
  try {
    // One stream carries everything here: a log reaches a call only by naming its progress token.
    await sseClient.connect(deliverCallLogs(observed(sseTransport, sseClient, options)), {
      timeout: options.timeoutMs,
    });
    return sessionOf(sseClient, sseTransport, 'sse', note);
  } catch (error) {
    await sseClient.close().catch(() => {});
    // The server does speak HTTP+SSE (its stream was read): what it did wrong says more than the 405 before.
    const foreign = foreignSseEndpointProblem(error);
    if (foreign !== undefined) throw new McpConnectionError(foreign, { cause: error });
    throw firstError;
  }
}
