// How every session of one connection is opened: the first, and each the keeper opens again after a loss.
import type { LoggingLevel } from '@modelcontextprotocol/client';
import { guardAddressSpace } from '../http/guard-address-space';
import { listingsChangedWith, type ListingCache, type ListingIdentity } from '../listings/listing-cache';
import type { McpClientHandlers } from '../server-requests/mcp-client-handlers';
import type { OpenMcpSessionOptions } from '../session/open-mcp-session';
import { scheduleOf, type ConnectMcpServerOptions, type McpServerConfig } from './mcp-connection';

/** What the connection keeps that its sessions read or report to. */
export interface SessionWiring {
  handlers: McpClientHandlers;
  listingCache: ListingCache;
  identity: ListingIdentity;
  timeoutMs: number;
  /** The 2026-07-28 per-request log level, read per request (`setLogLevel` changes it). */
  requestLogLevel: () => LoggingLevel | undefined;
  /** A stream of this server broke (a call's, the standalone one). */
  onLost: (reason: string) => void;
}

/** The options every session of `config`'s server opens with. */
export function createSessionOptions(
  url: URL,
  config: McpServerConfig,
  options: ConnectMcpServerOptions,
  wiring: SessionWiring,
): OpenMcpSessionOptions {
  return {
    era: config.era ?? 'auto',
    headers: config.headers,
    handlers: wiring.handlers,
    ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
    timeoutMs: wiring.timeoutMs,
    // Every request for this server — its OAuth discovery, registration and tokens included — stays as far from
    // the person as the server is (guard-address-space.ts).
    fetch: guardAddressSpace(url, options.fetch ?? ((input, init) => fetch(input, init))),
    ...(options.onToolsChanged === undefined ? {} : { onToolsChanged: options.onToolsChanged }),
    requestLogLevel: wiring.requestLogLevel,
    onListChanged: (method) => {
      for (const changed of listingsChangedWith(method)) wiring.listingCache.evict(wiring.identity, changed);
    },
    // Any stream of this server breaking (a call's, the standalone one) starts the keeper's reconnecting.
    streams: { connection: { onLost: wiring.onLost }, ...scheduleOf(options) },
  };
}
