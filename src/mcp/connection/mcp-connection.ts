// What a connection to one MCP server is: its config, the options of connecting, and the live connection. Types only,
// with the defaults the options name.
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import type { Tool } from '../../engine/tool/tool';
import type { ServerToolInfo } from '../../protocol/server-status';
import type { McpAppAccess } from '../apps/mcp-app-access';
import type { McpBrowser } from '../listings/browse-mcp-server';
import type { McpSkillAccess } from '../skills/mcp-skill-access';
import type { ListingCaps } from '../listings/list-all-pages';
import type { ListingCache } from '../listings/listing-cache';
import type { OAuthClientProvider } from '../sdk/mcp-sdk-client';
import type { McpClientHandlers } from '../server-requests/mcp-client-handlers';
import type { EraMemory, McpEra, McpEraChoice } from '../session/mcp-era';
import type { McpHealth } from '../session/keep-mcp-session';
import type { Schedule } from '../session/schedule';
import type { ResultCaps } from '../tools/result-caps';
import type { ReachabilityProbe } from './diagnose-connection-error';

/** What `connectMcpServer` needs to know about a server. `headers` go on every request (e.g. Authorization). */
export interface McpServerConfig {
  id: string;
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Idle timeout of this server's tool calls in ms (restarted by progress); absent = the run's setting. */
  toolTimeoutMs?: number;
  /** The protocol era to speak; absent = `auto`. */
  era?: McpEraChoice;
}

export interface ConnectMcpServerOptions {
  /** The fetch to use (tests, or a CORS helper); the global one by default. */
  fetch?: typeof fetch;
  /** Called when the server says its tool list changed; call `refreshTools()` before the next round. */
  onToolsChanged?: () => void;
  /**
   * Per-call idle timeout in ms, extended by each progress notification, when `config.toolTimeoutMs` is
   * absent. Either makes it the tools' own timeout (source `server`); with neither, the engine's run
   * setting applies (a direct `run` outside the loop then waits 60 000 ms).
   */
  toolTimeoutMs?: number;
  /** Bounds on tools/list (pages, items, time). Default `DEFAULT_LISTING_CAPS`. */
  listingCaps?: ListingCaps;
  /** Bounds on each tool result (parts, images, bytes, text). Default `DEFAULT_RESULT_CAPS`. */
  resultCaps?: ResultCaps;
  /** Time allowed for initialize and tools/list, in ms. Default 15 000. */
  connectTimeoutMs?: number;
  /** Used to tell a CORS refusal from a dead host when connecting fails (see `diagnoseConnectionError`). */
  probe?: ReachabilityProbe;
  /** Logging, traffic, elicitation and sampling handlers; log messages also reach the calls running then. */
  handlers?: McpClientHandlers;
  /** OAuth 2.1 sign-in when the server requires it. */
  authProvider?: OAuthClientProvider;
  /** Each server's era from earlier connections, so a reconnect needs no `server/discover` probe. */
  eraMemory?: EraMemory;
  /** Listings kept for their 2026-07-28 `ttlMs` (shared across connections for `public` ones); default: this connection's own. */
  listingCache?: ListingCache;
  /**
   * The person asked for this connect (Reconnect, a changed server): every listing `listingCache` keeps for this
   * server and these credentials (tools, resources, templates, prompts) is dropped first, so all are asked afresh.
   */
  listFresh?: boolean;
  /** The page's `location.protocol` (`https:` makes plain-http servers mixed content); default: this global's. */
  pageProtocol?: string;
  /** Hears the connection's health after a loss: `reconnecting`, `unreachable` (with why), `connected` again. */
  onHealth?: (health: McpHealth) => void;
  /** The clock of stream resumption and of reconnecting (tests); real timers by default. */
  schedule?: Schedule;
}

/** A live connection to one MCP server. */
export interface McpConnection {
  readonly config: McpServerConfig;
  readonly serverInfo: { name: string; version: string };
  readonly protocolVersion?: string;
  /** The current session's `Mcp-Session-Id` (2025 eras; the 2026-07-28 revision has no sessions). */
  readonly sessionId?: string | undefined;
  /** The era this connection speaks (`modern` = 2026-07-28 and later). */
  readonly era: McpEra;
  /** How the era was chosen, when the person should know (e.g. the probe could not be sent). */
  readonly eraNote?: string;
  readonly instructions?: string;
  /** How the connection is doing since it was made (a loss, reconnecting, unreachable); see `onHealth`. */
  readonly health: McpHealth;
  /** What the server said it can do in its initialize answer. */
  readonly serverCapabilities: Record<string, unknown>;
  /** Resources and prompts of this server. */
  readonly browse: McpBrowser;
  /** This server's MCP Skills (listed and loaded on demand; only when it declares the extension). */
  readonly skills: McpSkillAccess;
  /** What this server's MCP Apps may reach: their `ui://` pages and the tools marked for apps. */
  readonly apps: McpAppAccess;
  /**
   * The least severe level the server should send: `logging/setLevel` on a 2025-era connection; on 2026-07-28
   * the level rides in every later request's `_meta` (that revision has no setLevel), `debug` until set.
   */
  setLogLevel(
    level: 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency',
  ): Promise<void>;
  /** The server's tools as it listed them (all pages, within the listing caps). */
  readonly listedTools: readonly McpToolDefinition[];
  /** Set when the last tools/list stopped at a bound (pages, items, time, a repeated cursor): what and why. */
  readonly listingNotice: string | undefined;
  /** This server's tools as engine tools, named over this server alone; use `collectMcpTools` across servers. */
  readonly tools: Tool[];
  /** This server's tools as the UI lists them, named over this server alone. */
  readonly toolInfos: ServerToolInfo[];
  /**
   * An engine tool calling `toolName` on this server, shown to the model as `exposedName`; undefined for a
   * tool the server hides from the model (`_meta.ui.visibility` without `model`: only its apps call it).
   */
  createTool(toolName: string, exposedName: string): Tool | undefined;
  /** Changes this server's tool timeout (absent = the run's setting); tools created from now on use it. */
  setToolTimeoutMs(ms: number | undefined): void;
  /** Lists the tools again (after `onToolsChanged`). */
  refreshTools(): Promise<void>;
  /** Ends the session (DELETE) and closes the transport. Never throws. */
  close(): Promise<void>;
}

/** A tool call's idle timeout when neither the server's config nor the run sets one. */
export const defaultToolTimeoutMs = 60_000;
/** Time allowed for initialize and tools/list when `connectTimeoutMs` is absent. */
export const defaultConnectTimeoutMs = 15_000;

/** The injected clock, when there is one. */
export function scheduleOf(options: ConnectMcpServerOptions): { schedule?: Schedule } {
  return options.schedule === undefined ? {} : { schedule: options.schedule };
}
