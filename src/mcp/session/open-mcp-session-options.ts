// What opening one MCP session takes: the server's headers and fetch, the handlers, the era, the streams' watch.
import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { OAuthClientProvider } from '../sdk/mcp-sdk-client';
import type { McpClientHandlers } from '../server-requests/mcp-client-handlers';
import type { McpEraChoice, RememberedEra } from './mcp-era';
import type { WatchRequestStreamsOptions } from './watch-request-streams';

/** The options of `openMcpSession`. */
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
