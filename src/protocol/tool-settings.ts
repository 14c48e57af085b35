// What the person chose about tools for a run: overrides of what the model sees, switches, local tools. Types and keys only.

/**
 * A change to one tool as the model sees it. Absent fields keep what the server sent. The server is always
 * called with its own tool name; only the model sees the overridden name, description and schema.
 */
export interface ToolOverride {
  name?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  /** Idle timeout of this tool's calls in ms (progress restarts it); wins over the server's and the run's. */
  timeoutMs?: number;
  /** `strict: true`: the provider makes the model's input match the schema exactly (Anthropic, OpenAI-compatible). */
  strict?: boolean;
  /** Code the API runs (code execution) may call this tool (Anthropic `allowed_callers`); sent with Code execution on. */
  callableFromCode?: boolean;
  /** Kept loaded (no `defer_loading`) while tool search is on (Anthropic); defer `unpinned`, the default. */
  pinned?: boolean;
}

/** How a local tool answers: a canned result, or a small JavaScript handler run in the QuickJS sandbox. */
export type LocalToolHandler =
  | { kind: 'text'; text: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'image'; mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'; data: string }
  | { kind: 'error'; message: string }
  | {
      kind: 'script';
      /**
       * The body of `async (input) => { … }`, run in QuickJS (no network, modules or timers; a console); `input`
       * is a JSON copy of the arguments, its return value (string or JSON) is the result, a throw a tool error.
       */
      source: string;
      /** The handler's time cap in milliseconds (the sandbox's start is not counted). */
      timeoutMs: number;
    };

/** A tool defined in the browser, exposed to the model under `name`. */
export interface LocalToolDefinition {
  id: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  handler: LocalToolHandler;
}

/** The tool choices sent with a run. Keys come from `mcpToolKey` and `localToolKey`. */
export interface ToolSelection {
  overrides: Record<string, ToolOverride>;
  /** Keys of tools not sent to the model in this run. */
  disabled: string[];
  localTools: LocalToolDefinition[];
  /**
   * The person's read-only marks by key (MCP and local tools), over the server's `readOnlyHint`: a read-only
   * tool may start while the reply still streams (eager start) and is not asked about by default.
   */
  readOnly?: Record<string, boolean>;
}

/** The stable key of an MCP tool: by server name (unique, kept across reloads) and the server's tool name. */
export function mcpToolKey(serverName: string, toolName: string): string {
  return `mcp:${serverName}/${toolName}`;
}

/** The stable key of a local tool. */
export function localToolKey(id: string): string {
  return `local:${id}`;
}

/** More enabled tools than this gets a warning (models choose worse among many tools). */
export const TOOL_COUNT_WARNING_THRESHOLD = 20;

export const emptyToolSelection: ToolSelection = { overrides: {}, disabled: [], localTools: [] };
