// The engine's tool seam. Pure types: MCP servers, local tools and test doubles implement `Tool`.
import type { ToolResultContentBlock } from '../message/message';

/** MCP tool annotations the loop uses (all hints, never guarantees). */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  title?: string;
}

/** Where a tool comes from, for display and for the transcript. */
export type ToolOrigin =
  { kind: 'mcp'; serverId: string; serverName: string; toolName: string } | { kind: 'local' } | { kind: 'test' };

/** The level of a log message a tool (an MCP server) sends while it runs. */
export type ToolLogLevel = 'debug' | 'info' | 'warning' | 'error';

/** A call the server runs as a task (MCP Tasks): where it stands, as the server last said. */
export interface ToolTaskState {
  /** The server's task id. */
  id: string;
  /** `working`, `input_required`, `completed`, `failed` or `cancelled`. */
  status: string;
  /** The server's status message, if any. */
  message?: string;
}

/** One progress report of a running call; each restarts the call's idle timeout. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
  /** Set when the call runs as a task: its state at this report. */
  task?: ToolTaskState;
}

export interface ToolRunContext {
  /**
   * Aborted on cancel or timeout; a well-behaved tool stops then. The engine does not rely on it. The loop
   * makes it when the tool first reads it (read after the call was stopped, it comes already aborted).
   */
  signal: AbortSignal;
  onProgress: (progress: ToolProgress) => void;
  log: (level: ToolLogLevel, message: string) => void;
  /**
   * The bounds the engine enforces on this call (idle timeout, restarted by progress, and the total), so a
   * tool can pass them on (an MCP request's own timeouts). Absent when the tool is run outside the loop.
   */
  deadline?: { idleMs: number; maxTotalMs?: number };
  /**
   * Stops the call's idle clock while the tool waits for the person (a server's form or approval): no idle
   * timeout fires until every hold is released by the function returned (idempotent); the clock then starts
   * afresh. The total limit keeps running. Absent when the tool is run outside the loop.
   */
  holdIdle?: () => () => void;
  /** The call's id (the model's `tool_use` id): how a tool names this call outside, e.g. in a trace. Loop only. */
  callId?: string;
  /**
   * W3C trace context for what the tool sends on (an MCP request's `params._meta`, SEP-414), parented on this
   * call's `execute_tool` span. Set by the worker when telemetry is on; absent otherwise.
   */
  traceContext?: { traceparent: string; tracestate?: string };
  /**
   * Told each JSON-RPC request the tool sends on for this call as it goes out (its method and id), so the trace
   * can name the request (`jsonrpc.request.id` of an MCP `tools/call`). Set by the worker; absent otherwise.
   */
  onRequestSent?: (request: { method: string; id: string | number }) => void;
}

/** What a tool returns. `isError` marks a tool-level error the model should see. */
export interface ToolOutput {
  content: ToolResultContentBlock[];
  isError?: boolean;
  /** Structured content, kept for the trace. */
  structured?: unknown;
  /** A structured error code (JSON-RPC code, HTTP status or a string code) when `isError`; decides retryability. */
  errorCode?: number | string;
  /** Set by a tool that knows whether a retry could help; wins over `errorCode`. */
  retryable?: boolean;
}

/** A tool the engine can call. `name` is the name exposed to the model. */
export interface Tool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: ToolAnnotations;
  origin: ToolOrigin;
  /** Per-call timeout in ms; the engine's default applies when absent. */
  timeoutMs?: number;
  /** Who set `timeoutMs`, for the timeline and transcript ("server limit"); default `tool`. */
  timeoutSource?: TimeoutSource;
  /** Sent as strict (the provider holds the model's input to the schema exactly); default false. */
  strict?: boolean;
  /** Code the provider runs for the model (Anthropic code execution) may call this tool; default false. */
  callableFromCode?: boolean;
  /** Kept loaded while the provider's tool search defers the others (Anthropic `defer_loading`); default false. */
  pinned?: boolean;
  run(input: Record<string, unknown>, context: ToolRunContext): Promise<ToolOutput>;
}

/**
 * Which setting a call's timeout came from: the tool's own, its server's, or the run's (the global
 * setting in the loop policies, `LoopPolicies.toolTimeoutMs`).
 */
export type TimeoutSource = 'tool' | 'server' | 'run';

/**
 * Why a call with status `timeout` was stopped: silent for `ms` (the idle timeout from `source`), running
 * for `ms` in all (`max-total`, which progress never extends), or the run's wall time ran out (`wall-time`).
 */
export interface CallTimeoutInfo {
  ms: number;
  source: TimeoutSource | 'max-total' | 'wall-time';
}

/** ENGINE-SPEC §17. Everything but `ok` goes to the model with `is_error: true`. */
export type ToolResultStatus =
  | 'ok'
  | 'tool-error'
  | 'invalid-input'
  | 'not-found'
  | 'timeout'
  | 'cancelled'
  | 'denied'
  | 'not-executed'
  | 'duplicate'
  | 'truncated';
