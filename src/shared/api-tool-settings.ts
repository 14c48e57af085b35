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
  /** `all`: every MCP tool is deferred, pins ignored; `unpinned` (default): all but the tools pinned in the Tools tab. */
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

/**
 * Context management (beta): edits the API makes to the request before the model sees it. Empty numbers = the
 * API's defaults. Loupe keeps the whole history; the API reports what it cleared (shown in the round).
 */
export interface ContextManagementSettings {
  /** `clear_tool_uses_20250919`: the oldest tool results (and inputs, when asked) replaced by a placeholder. */
  clearToolUses: {
    enabled: boolean;
    /** Clear once the request holds this many input tokens (`trigger`). */
    triggerInputTokens?: number;
    /** Keep this many most recent tool uses (`keep`). */
    keepToolUses?: number;
    /** Clear at least this many tokens each time, or nothing (`clear_at_least`: a cache write must be worth it). */
    clearAtLeastTokens?: number;
    /** Clear the calls' inputs too, not only their results. */
    clearToolInputs: boolean;
  };
  /** `clear_thinking_20251015`: thinking of earlier turns dropped; sent only when thinking is on. */
  clearThinking: {
    enabled: boolean;
    /** Keep the thinking of this many recent turns; absent = the API's default. */ keepTurns?: number;
  };
  /** `compact_20260112`: the API summarises the conversation into a compaction block once it is this long. */
  compact: { enabled: boolean; triggerInputTokens?: number };
}

export const defaultContextManagement: ContextManagementSettings = {
  clearToolUses: { enabled: false, clearToolInputs: false },
  clearThinking: { enabled: false },
  compact: { enabled: false },
};

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
  /** Context management edits (beta); absent = none (settings stored before it existed). */
  contextManagement?: ContextManagementSettings;
}

export const defaultApiToolSettings: ApiToolSettings = {
  webSearch: { enabled: false, allowedDomains: [], blockedDomains: [] },
  webFetch: { enabled: false, allowedDomains: [], blockedDomains: [] },
  codeExecution: { enabled: false },
  memory: { enabled: false },
  toolSearch: { enabled: false, variant: 'bm25', defer: 'unpinned' },
  contextManagement: defaultContextManagement,
};

/** True when any API tool is on. */
export function anyApiToolOn(settings: ApiToolSettings): boolean {
  return (
    settings.webSearch.enabled ||
    settings.webFetch.enabled ||
    settings.codeExecution.enabled ||
    settings.memory.enabled ||
    settings.toolSearch.enabled ||
    anyContextEditOn(settings.contextManagement)
  );
}

/** True when any context management edit is on. */
export function anyContextEditOn(settings: ContextManagementSettings | undefined): boolean {
  return (
    settings !== undefined &&
    (settings.clearToolUses.enabled || settings.clearThinking.enabled || settings.compact.enabled)
  );
}
