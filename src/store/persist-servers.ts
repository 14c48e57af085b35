// The server list in localStorage: name, URL, the instructions switch and the tool timeout. Headers may hold secrets: never stored.
import type { ServerConfig } from '../protocol/settings';
import { readJson, writeItem } from './safe-storage';

export const SERVERS_KEY = 'loupe.servers';

export type PersistedServer = Pick<ServerConfig, 'name' | 'url' | 'includeInstructions' | 'toolTimeoutMs'>;

/** The stored list, or undefined when none was ever stored (first visit) or it is corrupt. */
export function loadServers(storage: Storage | undefined): PersistedServer[] | undefined {
  const stored = readJson(storage, SERVERS_KEY);
  if (!Array.isArray(stored)) return undefined;
  const servers: PersistedServer[] = [];
  for (const item of stored as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, url, includeInstructions, toolTimeoutMs } = item as Record<string, unknown>;
    const timeout = typeof toolTimeoutMs === 'number' && toolTimeoutMs > 0 ? { toolTimeoutMs } : {};
    if (typeof name === 'string' && typeof url === 'string')
      servers.push({ name, url, includeInstructions: includeInstructions !== false, ...timeout });
  }
  return servers;
}

/** Stores the list without headers or ids. */
export function saveServers(storage: Storage | undefined, servers: readonly ServerConfig[]): void {
  writeItem(
    storage,
    SERVERS_KEY,
    servers.map(({ name, url, includeInstructions, toolTimeoutMs }): PersistedServer => ({
      name,
      url,
      includeInstructions,
      ...(toolTimeoutMs === undefined ? {} : { toolTimeoutMs }),
    })),
  );
}
