// One server's tools/list as a connection asks it: through the listing cache, then the 2026-07-28 header rules.
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import type { Client } from '../sdk/mcp-sdk-client';
import type { McpEra } from '../session/mcp-era';
import type { ListingCaps } from './list-all-pages';
import type { ListingCache, ListingIdentity } from './listing-cache';
import { dropInvalidHeaderTools, listAllTools } from './list-mcp-tools';

/** The tools as listed, and what a bound or a rule left out (absent when nothing was). */
export interface ListedTools {
  tools: McpToolDefinition[];
  notice: string | undefined;
}

/** How a connection lists its server's tools. */
export interface ToolListing {
  /** Every page within the caps (a fresh kept listing when there is one); `era` says which tools the rules drop. */
  list(client: Client, era: () => McpEra): Promise<ListedTools>;
  /** Forgets the kept listing (the server said the tools changed). */
  evict(): void;
}

/** Lists through `cache` for `identity`, each page within `timeoutMs`, all pages within `caps`. */
export function createToolListing(
  cache: ListingCache,
  identity: ListingIdentity,
  timeoutMs: number,
  caps: ListingCaps,
): ToolListing {
  return {
    async list(client, era) {
      const { items, notice } = await cache.through(identity, 'tools/list', () =>
        listAllTools(client, timeoutMs, caps),
      );
      // The era is read after listing: a session opened again meanwhile may speak another one.
      return dropInvalidHeaderTools(items, era(), notice);
    },
    evict: () => cache.evict(identity, 'tools/list'),
  };
}
