// The doors to the MCP layer's heavy half (mcp-runtime.ts, mcp-oauth-steps.ts): everything in the worker that needs
// the SDK at run time goes through them, so no static import drags the SDK and zod back into the worker's start.
import type * as McpOAuthStepsModule from './mcp-oauth-steps';
import type * as McpRuntimeModule from './mcp-runtime';

/** What the worker reaches of the MCP SDK to connect a server. */
export type McpRuntime = typeof McpRuntimeModule;

/** The OAuth steps that call the SDK's auth flow. */
export type McpOAuthSteps = typeof McpOAuthStepsModule;

/**
 * Loads the MCP runtime (once: the module system keeps it). A chunk that cannot load (offline after a deploy)
 * rejects the step that asked, which reports it as that step's failure (a server's connection error).
 */
export function loadMcpRuntime(): Promise<McpRuntime> {
  return import('./mcp-runtime');
}

/** Loads the OAuth steps (once), as `loadMcpRuntime` does the runtime: with the first sign-in or token renewal. */
export function loadMcpOAuthSteps(): Promise<McpOAuthSteps> {
  return import('./mcp-oauth-steps');
}
