// MCP Apps (the `io.modelcontextprotocol/ui` extension) between the UI and the worker. Types and guards only.

export type { McpToolVisibility, ToolAppInfo } from '../shared/mcp-tool-visibility';

/** The origins an app's page may reach, from its resource's `_meta.ui.csp`; each absent list means none. */
export interface McpAppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** An app's page as read from its `ui://` resource. */
export interface McpAppResource {
  uri: string;
  html: string;
  csp?: McpAppCsp;
  /** Browser permissions the page asks for (camera, microphone, geolocation, clipboardWrite). Loupe grants none. */
  permissions?: Record<string, unknown>;
  prefersBorder?: boolean;
}

/** A `tools/call` result as the server sent it, for the app (the app reads `structuredContent`). */
export interface McpAppToolResult {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

export type McpAppCommand =
  /** Reads an app's page; refused unless `uri` is the `ui://` resource of one of the server's tools. */
  | { type: 'mcp-app-resource'; serverId: string; uri: string }
  /**
   * A call the app of `appOf` (a tool call of run `runId`) makes: logged in that call's round and run through
   * the run's debugger like a model's call; refused (and logged) unless the tool is of the same server and
   * visible to apps, the run was not stopped and the app is within its bounds (`APP_CALL_LIMITS`).
   */
  | {
      type: 'mcp-app-tool-call';
      serverId: string;
      runId: string;
      appOf: string;
      toolName: string;
      arguments: Record<string, unknown>;
    };

export interface McpAppCommandResults {
  'mcp-app-resource': McpAppResource;
  'mcp-app-tool-call': McpAppToolResult;
}

/** Bounds on the calls one app (the app of one tool call) makes; a call past them is refused, the bound named. */
export const APP_CALL_LIMITS = {
  /** Calls logged per app in a run; past it, one notice, and the rest are refused without being logged. */
  maxCalls: 50,
  /** Calls of one app going at once (held at a pause counts). */
  maxInFlight: 4,
} as const;
