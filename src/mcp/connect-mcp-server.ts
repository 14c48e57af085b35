// Connects to one MCP server and presents its tools as engine tools; re-initialises a session the server forgot.
import type { LoggingLevel, Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import type { Tool, ToolAnnotations, ToolRunContext } from '../engine/tool/tool';
import type { ServerToolInfo } from '../protocol/server-status';
import { createMcpBrowser, type McpBrowser } from './browse-mcp-server';
import { createMcpAppAccess, type McpAppAccess } from './mcp-app-access';
import { readToolApp } from './read-tool-app';
import { isVisibleToModel } from '../shared/mcp-tool-visibility';
import { callMcpTool } from './call-mcp-tool';
import { callMcpToolAsTask, runsAsTask } from './call-mcp-tool-task';
import { askingHandlers, createPersonWaits, holdIdleWhileWaiting } from './person-waits';
import { detectHiddenSession, detectMixedContent } from './detect-browser-blocks';
import type { McpClientHandlers } from './mcp-client-handlers';
import { diagnoseConnectionError, type ReachabilityProbe } from './diagnose-connection-error';
import { createToolNameMap } from './expose-tool-names';
import { McpConnectionError } from './mcp-connection-error';
import { DEFAULT_LISTING_CAPS, type ListingCaps } from './list-all-pages';
import { dropInvalidHeaderTools, listAllTools } from './list-mcp-tools';
import {
  createListingCache,
  LISTING_METHODS,
  listingsChangedWith,
  listingIdentityOf,
  type ListingCache,
} from './listing-cache';
import type { ResultCaps } from './result-caps';
import {
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type Client,
  type OAuthClientProvider,
} from './mcp-sdk-client';
import { signInNeededProblem } from './describe-oauth-failure';
import { mcpParamHeaders, scanMcpParamHeaders } from './mcp-param-headers';
import { eraMemoryKey, type EraMemory, type McpEra, type McpEraChoice } from './mcp-era';
import { openRemembering } from './open-remembering';
import { guardAddressSpace } from './guard-address-space';
import { openMcpSession, type McpSession, type OpenMcpSessionOptions } from './open-mcp-session';
import { keepMcpSession, type McpHealth } from './keep-mcp-session';
import type { Schedule } from './watch-request-streams';

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

export const defaultToolTimeoutMs = 60_000;
const defaultConnectTimeoutMs = 15_000;

function paramHeadersFor(definition: McpToolDefinition, input: Record<string, unknown>) {
  const scan = scanMcpParamHeaders(definition.inputSchema);
  if (!scan.valid || scan.marks.length === 0) return undefined;
  const headers = mcpParamHeaders(scan.marks, input);
  return Object.keys(headers).length === 0 ? undefined : headers;
}

function annotationsOf(definition: McpToolDefinition): ToolAnnotations {
  const source = definition.annotations ?? {};
  const annotations: ToolAnnotations = {};
  if (source.readOnlyHint !== undefined) annotations.readOnlyHint = source.readOnlyHint;
  if (source.destructiveHint !== undefined) annotations.destructiveHint = source.destructiveHint;
  if (source.idempotentHint !== undefined) annotations.idempotentHint = source.idempotentHint;
  if (source.openWorldHint !== undefined) annotations.openWorldHint = source.openWorldHint;
  const title = source.title ?? definition.title;
  if (title !== undefined) annotations.title = title;
  return annotations;
}

/**
 * Connects to an MCP server over streamable HTTP (falling back to HTTP+SSE on 404/405; following redirects;
 * sending `config.headers`), runs initialize and lists every page of tools. When a later request finds the
 * session gone (HTTP 404/400), it re-initialises once and retries. JSON Schema validation is CSP-safe (no eval). On failure it
 * throws `McpConnectionError` whose `problem` says what went wrong and what to do.
 */
export async function connectMcpServer(
  config: McpServerConfig,
  options: ConnectMcpServerOptions = {},
): Promise<McpConnection> {
  let url: URL;
  try {
    url = new URL(config.url);
  } catch (error) {
    throw new McpConnectionError(await diagnoseConnectionError(error, config.url, options.probe), { cause: error });
  }
  let serverTimeoutMs = config.toolTimeoutMs ?? options.toolTimeoutMs;
  const listingCaps = options.listingCaps ?? DEFAULT_LISTING_CAPS;
  const callOptions = () => ({
    timeoutMs: serverTimeoutMs ?? defaultToolTimeoutMs,
    ...(options.resultCaps === undefined ? {} : { caps: options.resultCaps }),
    // A 2026-07-28 task's questions go to the same forms and approvals as the server's direct requests.
    taskInput: handlers,
    personWaits,
    serverName: config.name,
  });
  const connectTimeoutMs = options.connectTimeoutMs ?? defaultConnectTimeoutMs;
  const mixed = detectMixedContent(url, options.pageProtocol);
  if (mixed !== undefined) throw new McpConnectionError(mixed);
  // Log messages arrive apart from any request; every call running on this server hears them.
  const runningCalls = new Set<ToolRunContext>();
  // While this server's form or approval waits for the person, its calls' idle clocks stand still.
  const personWaits = createPersonWaits();
  const handlers: McpClientHandlers = {
    ...options.handlers,
    ...askingHandlers(options.handlers, personWaits),
    onLog: (entry) => {
      options.handlers?.onLog?.(entry);
      const text = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
      const level = logLevelOf(entry.level);
      for (const context of runningCalls) context.log(level, entry.logger ? `${entry.logger}: ${text}` : text);
    },
  };
  let requestLogLevel: LoggingLevel | undefined;
  const listingCache = options.listingCache ?? createListingCache();
  const identity = listingIdentityOf(config.url, config.headers);
  if (options.listFresh === true) for (const method of LISTING_METHODS) listingCache.evict(identity, method);
  const listTools = (client: Client) =>
    listingCache.through(identity, 'tools/list', () => listAllTools(client, connectTimeoutMs, listingCaps));
  const eraChoice = config.era ?? 'auto';
  const eraKey = eraMemoryKey(config.url, config.headers, eraChoice);
  const sessionOptions: OpenMcpSessionOptions = {
    era: eraChoice,
    headers: config.headers,
    handlers,
    ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
    timeoutMs: connectTimeoutMs,
    // Every request for this server — its OAuth discovery, registration and tokens included — stays as far from
    // the person as the server is (guard-address-space.ts).
    fetch: guardAddressSpace(url, options.fetch ?? ((input, init) => fetch(input, init))),
    ...(options.onToolsChanged === undefined ? {} : { onToolsChanged: options.onToolsChanged }),
    requestLogLevel: () => requestLogLevel,
    onListChanged: (method) => {
      for (const changed of listingsChangedWith(method)) listingCache.evict(identity, changed);
    },
    // Any stream of this server breaking (a call's, the standalone one) starts the keeper's reconnecting.
    streams: { connection: { onLost: (reason) => lost(reason) }, ...scheduleOf(options) },
  };
  let lost = (_reason: string): void => {};

  let session: McpSession;
  let listedTools: McpToolDefinition[];
  let listingNotice: string | undefined;
  let fromMemory: boolean;
  const open = async (memory: EraMemory | undefined) => {
    try {
      return await openRemembering(url, sessionOptions, memory, eraKey);
    } catch (error) {
      if (error instanceof McpConnectionError) throw error;
      // The SDK handed the authorization URL to the provider and stopped: the person has to sign in.
      if (error instanceof UnauthorizedError && options.authProvider !== undefined)
        throw new McpConnectionError(signInNeededProblem, { cause: error });
      throw new McpConnectionError(await diagnoseConnectionError(error, config.url, options.probe), { cause: error });
    }
  };
  ({ session, fromMemory } = await open(options.eraMemory));
  for (;;) {
    try {
      ({ items: listedTools, notice: listingNotice } = await listTools(session.client));
      ({ tools: listedTools, notice: listingNotice } = dropInvalidHeaderTools(listedTools, session.era, listingNotice));
      break;
    } catch (error) {
      await session.client.close().catch(() => {});
      // A remembered era the server no longer speaks (it was upgraded or downgraded) shows only on the first
      // request after adopting it: forget it and connect once more with the probe.
      if (fromMemory && !(error instanceof UnauthorizedError)) {
        options.eraMemory?.forget(eraKey);
        ({ session, fromMemory } = await open(undefined));
        if (options.eraMemory !== undefined && session.eraNote === undefined)
          options.eraMemory.remember(eraKey, session.remembered);
        continue;
      }
      const hidden = detectHiddenSession(session, error);
      if (hidden !== undefined) throw new McpConnectionError(hidden, { cause: error });
      throw new McpConnectionError(await diagnoseConnectionError(error, config.url, options.probe), { cause: error });
    }
  }

  const kept = keepMcpSession(session, {
    open: () => openMcpSession(url, sessionOptions),
    ...(options.onHealth === undefined ? {} : { onHealth: options.onHealth }),
    ...scheduleOf(options),
  });
  lost = (reason) => kept.lost(reason);
  const withSession = kept.withSession;
  const serverVersion = session.client.getServerVersion();
  const instructions = session.client.getInstructions();
  const protocolVersion = session.protocolVersion;
  const createTool = (toolName: string, exposedName: string): Tool | undefined => {
    const definition = listedTools.find((tool) => tool.name === toolName);
    if (definition === undefined || !isVisibleToModel(readToolApp(definition))) return undefined;
    return {
      name: exposedName,
      description: definition.description ?? definition.title ?? '',
      inputSchema: definition.inputSchema,
      annotations: annotationsOf(definition),
      origin: { kind: 'mcp', serverId: config.id, serverName: config.name, toolName },
      ...(serverTimeoutMs === undefined ? {} : { timeoutMs: serverTimeoutMs, timeoutSource: 'server' as const }),
      run: async (input, context) => {
        runningCalls.add(context);
        const unhold = holdIdleWhileWaiting(personWaits, context);
        try {
          const headers = kept.session.era === 'modern' ? paramHeadersFor(definition, input) : undefined;
          return await withSession((client) =>
            (runsAsTask(definition, kept.session) ? callMcpToolAsTask : callMcpTool)(client, toolName, input, context, {
              ...callOptions(),
              ...(headers && { headers }),
            }),
          );
        } finally {
          unhold();
          runningCalls.delete(context);
        }
      },
    };
  };
  const ownNames = () =>
    createToolNameMap(
      listedTools.map((tool) => ({
        serverId: config.id,
        serverName: config.name,
        serverUrl: config.url,
        toolName: tool.name,
      })),
    );

  return {
    config,
    serverInfo: { name: serverVersion?.name ?? config.name, version: serverVersion?.version ?? '' },
    ...(protocolVersion === undefined ? {} : { protocolVersion }),
    get era() {
      return kept.session.era;
    },
    get health() {
      return kept.health;
    },
    ...(session.eraNote === undefined ? {} : { eraNote: session.eraNote }),
    ...(instructions === undefined ? {} : { instructions }),
    serverCapabilities: { ...session.client.getServerCapabilities() },
    browse: createMcpBrowser(withSession, connectTimeoutMs, { cache: listingCache, identity }),
    apps: createMcpAppAccess(withSession, () => listedTools, connectTimeoutMs, runningCalls),
    async setLogLevel(level) {
      if (kept.session.era === 'modern') {
        requestLogLevel = level;
        return;
      }
      await withSession((client) => client.setLoggingLevel(level, { timeout: connectTimeoutMs }));
    },
    get listedTools() {
      return listedTools;
    },
    get listingNotice() {
      return listingNotice;
    },
    get tools() {
      const names = ownNames();
      return listedTools.flatMap((tool, index) => createTool(tool.name, names.exposedNames[index] ?? tool.name) ?? []);
    },
    get toolInfos() {
      const names = ownNames();
      return listedTools.map((tool, index) => describeTool(tool, names.exposedNames[index] ?? tool.name));
    },
    createTool,
    setToolTimeoutMs(ms) {
      serverTimeoutMs = ms ?? options.toolTimeoutMs;
    },
    async refreshTools() {
      // Called after tools/list_changed: whatever was kept is out of date.
      listingCache.evict(identity, 'tools/list');
      ({ items: listedTools, notice: listingNotice } = await withSession(listTools));
      ({ tools: listedTools, notice: listingNotice } = dropInvalidHeaderTools(
        listedTools,
        kept.session.era,
        listingNotice,
      ));
    },
    async close() {
      kept.stop();
      const { transport, client } = kept.session;
      if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession().catch(() => {});
      await client.close().catch(() => {});
    },
  };
}

/** The injected clock, when there is one. */
function scheduleOf(options: ConnectMcpServerOptions): { schedule?: Schedule } {
  return options.schedule === undefined ? {} : { schedule: options.schedule };
}

/** The engine's four log levels from MCP's eight. */
function logLevelOf(level: string): 'debug' | 'info' | 'warning' | 'error' {
  if (level === 'debug' || level === 'info' || level === 'warning') return level;
  if (level === 'notice') return 'info';
  return 'error';
}

/** A listed MCP tool as the UI shows it. */
export function describeTool(tool: McpToolDefinition, exposedName: string): ServerToolInfo {
  const app = readToolApp(tool);
  return {
    exposedName,
    originalName: tool.name,
    description: tool.description ?? tool.title ?? '',
    inputSchema: tool.inputSchema,
    readOnly: tool.annotations?.readOnlyHint === true,
    ...(app === undefined ? {} : { app }),
  };
}
