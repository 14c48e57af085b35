// The one door to the MCP layer's heavy half (mcp-runtime.ts): everything in the worker that needs the SDK at
// run time goes through it, so no static import drags the SDK and zod back into the worker's start.
import type * as McpRuntimeModule from './mcp-runtime';

/** What the worker reaches of the MCP SDK: connecting a server and the OAuth steps that call the SDK. */
export type McpRuntime = typeof McpRuntimeModule;

/**
 * Loads the MCP runtime (once: the module system keeps it). A chunk that cannot load (offline after a deploy)
 * rejects the step that asked, which reports it as that step's failure (a server's connection error).
 */
export function loadMcpRuntime(): Promise<McpRuntime> {
  return import('./mcp-runtime');
}
