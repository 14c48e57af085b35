// The Messages API's own tools the person switched on (Settings → Server tools). Types and defaults only.

/** Web search or web fetch: how often per request, and which domains (allowed and blocked are exclusive). */
export interface DomainToolSettings {
  enabled: boolean;
  /** At most this many uses per request; absent = the API's default. */
  maxUses?: number;
  /** Only these domains (one a line in Settings); empty = any. */
  allowedDomains: string[];
  /** Never these domains; ignored when `allowedDomains` is set (the API refuses both). */
  blockedDomains: string[];
}

/** Where search results should be localised (`user_location`, approximate). */
export interface SearchLocation {
  city?: string;
  region?: string;
  /** ISO 3166-1 alpha-2 code. */
  country?: string;
  /** IANA time zone, e.g. `Europe/Paris`. */
  timezone?: string;
}

/** How tool search finds deferred tools, and which MCP tools it defers. */
export interface ToolSearchSettings {
  enabled: boolean;
  variant: 'bm25' | 'regex';
  /** `all`: every MCP tool is deferred; `unpinned`: all but the tools pinned in the Tools tab. */
  defer: 'all' | 'unpinned';
}

/**
 * The memory tool: which memory its calls use. In Settings `name` is what the person typed (empty = this session's
 * own memory); the store resolves it into `scope` (`session:<id>` or `named:<name>`) when it starts a run.
 */
export interface MemorySettings {
  enabled: boolean;
  /** A memory shared across sessions under this name; empty or absent = the session's own. */
  name?: string;
  /** Set by the store for the worker: the memory the run's calls read and write. */
  scope?: string;
}

/** Longest memory name kept. */
export const MAX_MEMORY_NAME = 100;

/** The memory a run uses: the named one when a name is given, else the session's own. */
export function resolveMemoryScope(name: string | undefined, sessionId: string | null): string {
  const trimmed = (name ?? '').trim().slice(0, MAX_MEMORY_NAME);
  return trimmed !== '' ? `named:${trimmed}` : `session:${sessionId ?? 'unsaved'}`;
}

/** The API's own tools (server tools and the memory tool) sent with every Anthropic request when switched on. */
export interface ApiToolSettings {
  webSearch: DomainToolSettings & { location?: SearchLocation };
  webFetch: DomainToolSettings;
  /** Code execution; the response's container is sent back with the next request of the run. */
  codeExecution: { enabled: boolean };
  /** The memory tool, run by Loupe on browser storage under `/memories`. */
  memory: MemorySettings;
  toolSearch: ToolSearchSettings;
}

export const defaultApiToolSettings: ApiToolSettings = {
  webSearch: { enabled: false, allowedDomains: [], blockedDomains: [] },
  webFetch: { enabled: false, allowedDomains: [], blockedDomains: [] },
  codeExecution: { enabled: false },
  memory: { enabled: false },
  toolSearch: { enabled: false, variant: 'bm25', defer: 'all' },
};

/** True when any API tool is on. */
export function anyApiToolOn(settings: ApiToolSettings): boolean {
  return (
    settings.webSearch.enabled ||
    settings.webFetch.enabled ||
    settings.codeExecution.enabled ||
    settings.memory.enabled ||
    settings.toolSearch.enabled
  );
}
