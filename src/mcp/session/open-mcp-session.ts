// Opens one MCP client session in the era the person chose: streamable HTTP first, the older SSE transport when the server lacks it.
import type { LoggingLevel, Transport } from '@modelcontextprotocol/client';
import {
  clientCapabilitiesFor,
  installClientHandlers,
  type McpClientHandlers,
} from '../server-requests/mcp-client-handlers';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '../sdk/mcp-sdk-client';
import type { OAuthClientProvider } from '../sdk/mcp-sdk-client';
import { recordTransport } from '../http/record-transport';
import { refuseRedirects } from '../http/refuse-redirects';
import { scopeServerHeaders } from '../http/scope-server-headers';
import { carryTaskHandles } from '../tasks/task-handle-transport';
import { CfWorkerSchemaValidator } from '../sdk/schema-validator';
import { DEFAULT_REQUEST_LOG_LEVEL, withRequestLogLevel } from './request-log-level';
import { detectHiddenSession } from '../connection/detect-browser-blocks';
import { McpConnectionError } from '../connection/mcp-connection-error';
import { MODERN_PROTOCOL_VERSION, type McpEraChoice, type RememberedEra } from './mcp-era';
import type { McpSession } from './mcp-session';
import { isProbeNetworkFailure, sdkHttpStatusOf } from '../sdk/sdk-errors';
import { watchRequestStreams, type RequestStreamWatch, type WatchRequestStreamsOptions } from './watch-request-streams';

export type { McpSession } from './mcp-session';

export interface OpenMcpSessionOptions {
  /** The person's headers for the server: sent to its origin only, never to an authorization server elsewhere. */
  headers: Record<string, string>;
  /** The fetch under Loupe's own rules (no redirect is followed, `headers` scoped); default: the global one. */
  fetch?: typeof fetch;
  timeoutMs: number;
  onToolsChanged?: () => void;
  /** The server said its resource or prompt list changed (listings kept for their `ttlMs` are out of date). */
  onListChanged?: (method: 'resources/list' | 'prompts/list') => void;
  /** Logging, traffic recording, elicitation and sampling (see `McpClientHandlers`). */
  handlers?: McpClientHandlers;
  /** Signs in with OAuth 2.1 when the server asks for it (the SDK's auth flow). */
  authProvider?: OAuthClientProvider;
  /** The era to speak; default `auto`. */
  era?: McpEraChoice;
  /** The era learnt on an earlier connection: skips the `server/discover` probe. */
  prior?: RememberedEra;
  /** The log level each 2026-07-28 request carries (read per request); default `DEFAULT_REQUEST_LOG_LEVEL`. */
  requestLogLevel?: () => LoggingLevel | undefined;
  /** Who hears a lost response stream, and the clock of its resumption (see `watchRequestStreams`). */
  streams?: WatchRequestStreamsOptions;
}

/**
 * The SDK's own stream resumption (`Last-Event-ID`), made quick enough that a call whose server is gone fails
 * within 2 s: two tries, 250 ms then 500 ms after the loss, whatever `retry:` the server asked for (capped).
 */
const resumption = {
  initialReconnectionDelay: 250,
  maxReconnectionDelay: 500,
  reconnectionDelayGrowFactor: 2,
  maxRetries: 2,
};

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

function transportOptions(url: URL, options: OpenMcpSessionOptions, watch?: RequestStreamWatch) {
  const base = options.fetch ?? ((input: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(input, init));
  // Not `requestInit.headers`: the SDK would send those to the OAuth authorization server too.
  const scoped = scopeServerHeaders(url, options.headers, refuseRedirects(base));
  const schedule = options.streams?.schedule;
  return {
    fetch: watch === undefined ? scoped : watch.fetch(scoped),
    ...(watch === undefined
      ? {}
      : {
          reconnectionOptions: resumption,
          reconnectionScheduler: (reconnect: () => void, delay: number) => {
            const ms = Math.min(delay, resumption.maxReconnectionDelay);
            if (schedule !== undefined) return schedule(reconnect, ms);
            const handle = setTimeout(reconnect, ms);
            return () => clearTimeout(handle);
          },
        }),
    ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
  };
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
      // Outermost, so the answer it gives a lost request reaches the client but no traffic log.
      watch.wrap(
        carryTaskHandles(
          observed(transport, client, options, () => {
            initializeAnswered = true;
          }),
          client,
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
 * URL; if that fails too, the streamable HTTP error is thrown, since it says more about the URL the person gave.
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
    await sseClient.connect(observed(sseTransport, sseClient, options), { timeout: options.timeoutMs });
    return sessionOf(sseClient, sseTransport, 'sse', note);
  } catch {
    await sseClient.close().catch(() => {});
    throw firstError;
  }
}
