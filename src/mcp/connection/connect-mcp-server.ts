// Connects to one MCP server and presents its tools as engine tools; re-initialises a session the server forgot.
// The wiring only: sessions (session/), listings (listings/), tool calls (tools/), what the server asks of the
// person (server-requests/) and apps (apps/) each live in their own folder.
import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { McpAppAccess } from '../apps/mcp-app-access';
import type { McpBrowser } from '../listings/browse-mcp-server';
import type { McpSkillAccess } from '../skills/mcp-skill-access';
import { DEFAULT_LISTING_CAPS } from '../listings/list-all-pages';
import { createListingCache, LISTING_METHODS, listingIdentityOf } from '../listings/listing-cache';
import { createToolListing } from '../listings/tool-listing';
import { StreamableHTTPClientTransport } from '../sdk/mcp-sdk-client';
import type { McpClientHandlers } from '../server-requests/mcp-client-handlers';
import { askingHandlers, createPersonWaits } from '../server-requests/person-waits';
import { keepMcpSession } from '../session/keep-mcp-session';
import { eraMemoryKey } from '../session/mcp-era';
import { openMcpSession } from '../session/open-mcp-session';
import { createMcpTool, type McpToolHost } from '../tools/create-mcp-tool';
import { describeTool } from '../tools/describe-tool';
import { createToolNameMap } from '../tools/expose-tool-names';
import { createSessionOptions } from './create-session-options';
import { detectMixedContent } from './detect-browser-blocks';
import { diagnoseWhenFailed, loadOnFirstCall } from './load-on-use';
import { McpConnectionError } from './mcp-connection-error';
import {
  defaultConnectTimeoutMs,
  defaultToolTimeoutMs,
  scheduleOf,
  type ConnectMcpServerOptions,
  type McpConnection,
  type McpServerConfig,
} from './mcp-connection';
import { openFirstSession } from './open-first-session';

/**
 * Connects to an MCP server over streamable HTTP (falling back to HTTP+SSE on 404/405; refusing redirects;
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
    throw new McpConnectionError(await diagnoseWhenFailed(error, config.url, options.probe), { cause: error });
  }
  let serverTimeoutMs = config.toolTimeoutMs ?? options.toolTimeoutMs;
  const connectTimeoutMs = options.connectTimeoutMs ?? defaultConnectTimeoutMs;
  const mixed = detectMixedContent(url, options.pageProtocol);
  if (mixed !== undefined) throw new McpConnectionError(mixed);
  // While this server's form or approval waits for the person, its calls' idle clocks stand still.
  const personWaits = createPersonWaits();
  const handlers: McpClientHandlers = {
    ...options.handlers,
    ...askingHandlers(options.handlers, personWaits),
  };
  let requestLogLevel: LoggingLevel | undefined;
  const listingCache = options.listingCache ?? createListingCache();
  const identity = listingIdentityOf(config.url, config.headers);
  if (options.listFresh === true) for (const method of LISTING_METHODS) listingCache.evict(identity, method);
  const listing = createToolListing(
    listingCache,
    identity,
    connectTimeoutMs,
    options.listingCaps ?? DEFAULT_LISTING_CAPS,
  );
  const eraKey = eraMemoryKey(config.url, config.headers, config.era ?? 'auto');
  let lost = (_reason: string): void => {};
  const sessionOptions = createSessionOptions(url, config, options, {
    handlers,
    listingCache,
    identity,
    timeoutMs: connectTimeoutMs,
    requestLogLevel: () => requestLogLevel,
    onLost: (reason) => lost(reason),
  });

  const { session, listed } = await openFirstSession(url, {
    serverUrl: config.url,
    sessionOptions,
    eraKey,
    ...(options.eraMemory === undefined ? {} : { eraMemory: options.eraMemory }),
    ...(options.probe === undefined ? {} : { probe: options.probe }),
    signsIn: options.authProvider !== undefined,
    listing,
  });
  let { tools: listedTools, notice: listingNotice } = listed;

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
  const toolHost: McpToolHost = {
    serverId: config.id,
    serverName: config.name,
    keeper: kept,
    personWaits,
    callOptions: () => ({
      timeoutMs: serverTimeoutMs ?? defaultToolTimeoutMs,
      ...(options.resultCaps === undefined ? {} : { caps: options.resultCaps }),
      // A 2026-07-28 task's questions go to the same forms and approvals as the server's direct requests.
      taskInput: handlers,
      personWaits,
      serverName: config.name,
    }),
  };
  const createTool = (toolName: string, exposedName: string) => {
    const definition = listedTools.find((tool) => tool.name === toolName);
    return definition === undefined ? undefined : createMcpTool(definition, exposedName, toolHost, serverTimeoutMs);
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

  // The first session's, as the skills see them (a later session's may differ, as for `serverCapabilities`).
  const capabilities = { ...session.client.getServerCapabilities() };
  return {
    config,
    serverInfo: { name: serverVersion?.name ?? config.name, version: serverVersion?.version ?? '' },
    ...(protocolVersion === undefined ? {} : { protocolVersion }),
    get era() {
      return kept.session.era;
    },
    // Read at each call: a reconnect starts another session.
    get sessionId() {
      return kept.session.transport.sessionId;
    },
    get health() {
      return kept.health;
    },
    ...(session.eraNote === undefined ? {} : { eraNote: session.eraNote }),
    ...(instructions === undefined ? {} : { instructions }),
    serverCapabilities: { ...session.client.getServerCapabilities() },
    skills: loadOnFirstCall<McpSkillAccess>({ list: true, load: true }, async () =>
      (await import('../skills/mcp-skill-access')).createMcpSkillAccess(withSession, connectTimeoutMs, capabilities),
    ),
    browse: loadOnFirstCall<McpBrowser>(
      { listResources: true, readResource: true, listPrompts: true, getPrompt: true },
      async () =>
        (await import('../listings/browse-mcp-server')).createMcpBrowser(withSession, connectTimeoutMs, {
          cache: listingCache,
          identity,
        }),
    ),
    apps: loadOnFirstCall<McpAppAccess>({ readPage: true, callTool: true }, async () =>
      (await import('../apps/mcp-app-access')).createMcpAppAccess(withSession, () => listedTools, connectTimeoutMs),
    ),
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
      listing.evict();
      ({ tools: listedTools, notice: listingNotice } = await withSession((client) =>
        listing.list(client, () => kept.session.era),
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
