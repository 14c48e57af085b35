// The server list in localStorage: name, URL, the instructions switch, the tool timeout, era and OAuth choices (a
// client id and scopes, never a secret). Headers may hold secrets: never stored.
import { readServerOAuthSettings } from '../protocol/read-server-oauth-settings';
import type { ServerConfig } from '../protocol/settings';
import { redactUrl } from '../shared/redact-url';
import { readJson, writeItem } from './safe-storage';

export const SERVERS_KEY = 'loupe.servers';

export type PersistedServer = Pick<
  ServerConfig,
  | 'name'
  | 'url'
  | 'includeInstructions'
  | 'secretPathSegments'
  | 'rememberFullUrl'
  | 'toolTimeoutMs'
  | 'era'
  | 'oauth'
  | 'runThroughApi'
>;

/**
 * The URL as storage and session records keep it: whole only when the person ticked "Remember the full
 * URL on this device", otherwise with user info, query values and the segments marked secret redacted.
 */
export function storedServerUrl(server: Pick<ServerConfig, 'url' | 'secretPathSegments' | 'rememberFullUrl'>): string {
  return server.rememberFullUrl === true ? server.url : redactUrl(server.url, server.secretPathSegments);
}

/** A server as storage and session records keep it: never headers or ids, the URL per `storedServerUrl`. */
export function toPersistedServer(server: ServerConfig): PersistedServer {
  const { name, includeInstructions, secretPathSegments, rememberFullUrl, toolTimeoutMs, era, oauth, runThroughApi } =
    server;
  return {
    name,
    url: storedServerUrl(server),
    includeInstructions,
    ...(secretPathSegments && secretPathSegments.length > 0 ? { secretPathSegments } : {}),
    ...(rememberFullUrl === true ? { rememberFullUrl } : {}),
    ...(toolTimeoutMs === undefined ? {} : { toolTimeoutMs }),
    ...(era === undefined || era === 'auto' ? {} : { era }),
    ...(oauth === undefined ? {} : { oauth }),
    ...(runThroughApi === undefined ? {} : { runThroughApi }),
  };
}

/** The stored list, or undefined when none was ever stored (first visit) or it is corrupt. */
export function loadServers(storage: Storage | undefined): PersistedServer[] | undefined {
  const stored = readJson(storage, SERVERS_KEY);
  if (!Array.isArray(stored)) return undefined;
  const servers: PersistedServer[] = [];
  for (const item of stored as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const {
      name,
      url,
      includeInstructions,
      secretPathSegments,
      rememberFullUrl,
      toolTimeoutMs,
      era,
      oauth,
      runThroughApi,
    } = item as Record<string, unknown>;
    const oauthSettings = readServerOAuthSettings(oauth);
    if (typeof name !== 'string' || typeof url !== 'string') continue;
    const segments = Array.isArray(secretPathSegments)
      ? secretPathSegments.filter((segment): segment is string => typeof segment === 'string' && segment !== '')
      : [];
    servers.push({
      name,
      url,
      includeInstructions: includeInstructions !== false,
      ...(segments.length > 0 ? { secretPathSegments: segments } : {}),
      ...(rememberFullUrl === true ? { rememberFullUrl: true } : {}),
      ...(typeof toolTimeoutMs === 'number' && toolTimeoutMs > 0 ? { toolTimeoutMs } : {}),
      ...(era === '2026-07-28' || era === '2025' ? { era } : {}),
      ...(oauthSettings === undefined ? {} : { oauth: oauthSettings }),
      ...(typeof runThroughApi === 'object' && runThroughApi !== null
        ? { runThroughApi: { sendToken: (runThroughApi as { sendToken?: unknown }).sendToken === true } }
        : {}),
    });
  }
  return servers;
}

/** Stores the list without headers or ids, each URL redacted unless the person asked to remember it whole. */
export function saveServers(storage: Storage | undefined, servers: readonly ServerConfig[]): void {
  writeItem(storage, SERVERS_KEY, servers.map(toPersistedServer));
}
