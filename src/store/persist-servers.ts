// The server list in localStorage: name, URL and the instructions switch. Headers may hold secrets: never stored.
import type { ServerConfig } from '../protocol/settings';
import { readJson, writeItem } from './safe-storage';

export const SERVERS_KEY = 'loupe.servers';

export type PersistedServer = Pick<ServerConfig, 'name' | 'url' | 'includeInstructions'>;

/** The stored list, or undefined when none was ever stored (first visit) or it is corrupt. */
export function loadServers(storage: Storage | undefined): PersistedServer[] | undefined {
  const stored = readJson(storage, SERVERS_KEY);
  if (!Array.isArray(stored)) return undefined;
  const servers: PersistedServer[] = [];
  for (const item of stored as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, url, includeInstructions } = item as Record<string, unknown>;
    if (typeof name === 'string' && typeof url === 'string')
      servers.push({ name, url, includeInstructions: includeInstructions !== false });
  }
  return servers;
}

/** Stores the list without headers or ids. */
export function saveServers(storage: Storage | undefined, servers: readonly ServerConfig[]): void {
  writeItem(
    storage,
    SERVERS_KEY,
    servers.map(({ name, url, includeInstructions }): PersistedServer => ({ name, url, includeInstructions })),
  );
}
