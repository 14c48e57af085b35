// Whether one tools/call asks for an MCP task (2025-11-25 core Tasks): decided before the call, so it stays out of
// the task runtime (call-mcp-tool-task.ts), which loads with the first call that does.
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import type { McpSession } from '../session/mcp-session';

/**
 * Whether to ask for a task (MCP Tasks, 2025-11-25): the tool offers task execution and the server says
 * tools/call may run as one. On 2026-07-28 the server decides per call (`callMcpTool` follows its task handle).
 */
export function runsAsTask(
  definition: Pick<McpToolDefinition, 'execution'>,
  session: Pick<McpSession, 'era' | 'client'>,
): boolean {
  if (session.era !== 'legacy') return false;
  const support = definition.execution?.taskSupport;
  if (support !== 'optional' && support !== 'required') return false;
  const tasks = session.client.getServerCapabilities()?.tasks as
    { requests?: { tools?: { call?: unknown } } } | undefined;
  return tasks?.requests?.tools?.call !== undefined;
}
