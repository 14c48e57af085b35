// Which MCP protocol era a connection speaks, what the person chose, and what Loupe remembers per server.
import type { DiscoverResult } from '@modelcontextprotocol/client';
import type { McpEraChoice } from '../../protocol/settings';

export type { McpEraChoice } from '../../protocol/settings';

/** The first modern (stateless) revision. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** What a connection negotiated: `modern` is 2026-07-28 and later (`server/discover`), `legacy` the 2025 `initialize` eras. */
export type McpEra = 'modern' | 'legacy';

/**
 * A server's era as learnt on an earlier connection: the discover answer of a modern server (so the next connect
 * needs no round trip) or the fact it is legacy (so the next connect skips the probe).
 */
export type RememberedEra = { kind: 'modern'; discover: DiscoverResult } | { kind: 'legacy' };

/**
 * Remembers each server's era by URL for this worker's life: a reconnect of the same server (same address and
 * headers, so the same authorization context) needs no `server/discover` probe. A failed connect forgets it,
 * so an upgraded or downgraded server is probed afresh.
 */
export interface EraMemory {
  /** The era remembered under `key` (a persistent memory answers asynchronously). */
  recall(key: string): RememberedEra | undefined | Promise<RememberedEra | undefined>;
  remember(key: string, era: RememberedEra): void;
  forget(key: string): void;
}

/** An in-memory `EraMemory`, bounded so a page adding thousands of servers cannot grow it without end. */
export function createEraMemory(limit = 200): EraMemory {
  const eras = new Map<string, RememberedEra>();
  return {
    recall: (key) => eras.get(key),
    remember(key, era) {
      eras.delete(key);
      eras.set(key, era);
      if (eras.size > limit) eras.delete(eras.keys().next().value as string);
    },
    forget: (key) => void eras.delete(key),
  };
}

/** The key a server's era is remembered under: its URL and headers (another token may reach another server). */
export function eraMemoryKey(url: string, headers: Record<string, string>, choice: McpEraChoice): string {
  return JSON.stringify([url, choice, Object.entries(headers).sort(([a], [b]) => a.localeCompare(b))]);
}

/** The remembered era usable for `choice`: a pinned choice only takes a matching memory. */
export function priorFor(remembered: RememberedEra | undefined, choice: McpEraChoice): RememberedEra | undefined {
  if (remembered === undefined) return undefined;
  if (choice === 'auto') return remembered;
  if (choice === '2026-07-28') return remembered.kind === 'modern' ? remembered : undefined;
  return undefined;
}

/** A short label for the UI: "2026-07-28 (modern)" or "2025-11-25 (2025 era)". */
export function describeEra(era: McpEra, protocolVersion: string | undefined): string {
  const version = protocolVersion ?? (era === 'modern' ? MODERN_PROTOCOL_VERSION : 'unknown version');
  return era === 'modern' ? `${version} (stateless)` : `${version} (2025 era)`;
}
