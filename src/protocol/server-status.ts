// What the worker tells the UI about an MCP server. Types only.
import type { ToolAppInfo } from '../shared/mcp-tool-visibility';

/**
 * `reconnecting`: a connected server's connection broke and Loupe is reaching it again; `unreachable`: it does not
 * answer (the `problem` says why) and Loupe tries again by itself with backoff.
 */
export type ServerStatusWord = 'connecting' | 'connected' | 'reconnecting' | 'unreachable' | 'error';

/** Why a connection failed, in plain words, with what to do about it. */
export interface ConnectionProblem {
  kind:
    | 'unreachable'
    | 'cors'
    | 'not-mcp'
    | 'auth'
    | 'http'
    | 'invalid-url'
    | 'unknown'
    /** An https page cannot call a plain-http server (other than loopback). */
    | 'mixed-content'
    /** Initialize worked, but the browser hid the Mcp-Session-Id header, so the next request had no session. */
    | 'session-hidden'
    /** The server answered with a redirect, which Loupe never follows for MCP (see `src/mcp/http/refuse-redirects.ts`). */
    | 'redirect';
  message: string;
  hint: string;
}

/** A tool as the UI lists it: the exposed name and what the server called it. */
export interface ServerToolInfo {
  exposedName: string;
  originalName: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
  /** MCP Apps: the tool's `ui://` page and who may call it (absent for an ordinary tool). */
  app?: ToolAppInfo;
}

export interface ServerState {
  serverId: string;
  status: ServerStatusWord;
  tools: ServerToolInfo[];
  instructions?: string;
  /** `era`: `modern` = the stateless 2026-07-28 revision (`server/discover`), `legacy` = a 2025-era `initialize`. */
  serverInfo?: { name: string; version: string; protocolVersion?: string; era?: 'modern' | 'legacy' };
  /** The server's capabilities from its initialize answer (tools, resources, prompts, logging, …). */
  capabilities?: Record<string, unknown>;
  problem?: ConnectionProblem;
  /** Something the person should know about a connected server, e.g. its tool listing stopped at a bound. */
  notice?: string;
}
