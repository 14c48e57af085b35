// Lists one server's tools page by page under Loupe's bounds, and leaves out those the 2026-07-28 rules forbid.
import type { McpEra } from '../session/mcp-era';
import { listAllPages, type ListingCaps } from './list-all-pages';
import { scanMcpParamHeaders } from '../http/mcp-param-headers';
import type { Client } from '../sdk/mcp-sdk-client';

/** Every page of tools/list within `caps`, each page with `timeout`; the pages' cache hints combined. */
export function listAllTools(client: Client, timeout: number, caps: ListingCaps) {
  return listAllPages(
    'tools',
    async (cursor) => {
      // Page by page under Loupe's own bounds (the SDK's listTools() walks every page itself when given no cursor).
      const page = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        { timeout },
      );
      return { ...page, items: page.tools };
    },
    caps,
  );
}

/** On 2026-07-28, tools whose `x-mcp-header` marks break SEP-2243 are left out, and the notice says which and why. */
export function dropInvalidHeaderTools<T extends { name: string; inputSchema: unknown }>(
  tools: T[],
  era: McpEra,
  notice: string | undefined,
) {
  if (era !== 'modern') return { tools, notice };
  const dropped: string[] = [];
  const kept = tools.filter((tool) => {
    const scan = scanMcpParamHeaders(tool.inputSchema);
    if (!scan.valid) dropped.push(`"${tool.name}" (${scan.reason})`);
    return scan.valid;
  });
  if (dropped.length === 0) return { tools, notice };
  const said = `Left out ${dropped.length} tool${dropped.length === 1 ? '' : 's'} with invalid x-mcp-header marks: ${dropped.join('; ')}.`;
  return { tools: kept, notice: notice === undefined ? said : `${notice} ${said}` };
}
