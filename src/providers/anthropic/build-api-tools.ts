// The Messages API's own tools (server tools, memory, tool search) as request entries, and tool search's deferral. Pure.
import type Anthropic from '@anthropic-ai/sdk';
import type { ApiToolSettings, DomainToolSettings, SearchLocation } from '../../shared/api-tool-settings';

/**
 * Tool type versions Loupe sends (all generally available in the Messages API, no beta header; see
 * docs/api-tools.md). The newest web search / fetch versions need newer models; these work on every model that
 * has the tools at all.
 */
export const API_TOOL_TYPES = {
  webSearch: 'web_search_20250305',
  webFetch: 'web_fetch_20250910',
  codeExecution: 'code_execution_20250825',
  memory: 'memory_20250818',
  toolSearchBm25: 'tool_search_tool_bm25_20251119',
  toolSearchRegex: 'tool_search_tool_regex_20251119',
} as const;

function domains(settings: DomainToolSettings): { allowed_domains?: string[]; blocked_domains?: string[] } {
  const clean = (list: string[]) => list.map((domain) => domain.trim()).filter((domain) => domain !== '');
  const allowed = clean(settings.allowedDomains);
  // The API refuses a request with both lists; the allowed list is the stricter one.
  if (allowed.length > 0) return { allowed_domains: allowed };
  const blocked = clean(settings.blockedDomains);
  return blocked.length > 0 ? { blocked_domains: blocked } : {};
}

function maxUses(settings: DomainToolSettings): { max_uses?: number } {
  return settings.maxUses !== undefined && Number.isInteger(settings.maxUses) && settings.maxUses > 0
    ? { max_uses: settings.maxUses }
    : {};
}

function location(value: SearchLocation | undefined): { user_location?: Anthropic.UserLocation } {
  if (!value) return {};
  const fields = Object.fromEntries(
    (['city', 'region', 'country', 'timezone'] as const)
      .map((key) => [key, value[key]?.trim() ?? ''] as const)
      .filter(([, text]) => text !== ''),
  );
  return Object.keys(fields).length === 0 ? {} : { user_location: { type: 'approximate', ...fields } };
}

/** The server tools and the memory tool the settings switch on, in a fixed order. */
export function buildApiTools(settings: ApiToolSettings): Anthropic.ToolUnion[] {
  const tools: Anthropic.ToolUnion[] = [];
  const { webSearch, webFetch, codeExecution, memory, toolSearch } = settings;
  if (webSearch.enabled)
    tools.push({
      type: API_TOOL_TYPES.webSearch,
      name: 'web_search',
      ...maxUses(webSearch),
      ...domains(webSearch),
      ...location(webSearch.location),
    });
  if (webFetch.enabled)
    tools.push({ type: API_TOOL_TYPES.webFetch, name: 'web_fetch', ...maxUses(webFetch), ...domains(webFetch) });
  if (codeExecution.enabled) tools.push({ type: API_TOOL_TYPES.codeExecution, name: 'code_execution' });
  if (memory.enabled) tools.push({ type: API_TOOL_TYPES.memory, name: 'memory' });
  if (toolSearch.enabled)
    tools.push(
      toolSearch.variant === 'regex'
        ? { type: API_TOOL_TYPES.toolSearchRegex, name: 'tool_search_tool_regex' }
        : { type: API_TOOL_TYPES.toolSearchBm25, name: 'tool_search_tool_bm25' },
    );
  return tools;
}

/**
 * With tool search on, the client tools are sent with `defer_loading: true` (all, or all but the pinned ones), so
 * only the tools the model finds are loaded into its context and a server with hundreds of tools fits. The tool
 * search tool itself is never deferred, so the API's rule "at least one tool not deferred" always holds.
 */
export function deferClientTools(tools: Anthropic.Tool[], settings: ApiToolSettings, pinned: readonly string[] = []) {
  if (!settings.toolSearch.enabled) return tools;
  const keep = settings.toolSearch.defer === 'unpinned' ? new Set(pinned) : new Set<string>();
  return tools.map((tool) => (keep.has(tool.name) ? tool : { ...tool, defer_loading: true }));
}
