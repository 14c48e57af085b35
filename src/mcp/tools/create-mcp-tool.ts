// One listed MCP tool as an engine tool: what the model sees of it, and a `run` that calls it on the server.
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import type { Tool, ToolAnnotations } from '../../engine/tool/tool';
import { isVisibleToModel } from '../../shared/mcp-tool-visibility';
import { readToolApp } from '../apps/read-tool-app';
import { mcpParamHeaders, scanMcpParamHeaders } from '../http/mcp-param-headers';
import { holdIdleWhileWaiting, type PersonWaits } from '../server-requests/person-waits';
import type { McpSessionKeeper } from '../session/keep-mcp-session';
import { runsAsTask } from '../tasks/runs-as-task';
import { callMcpTool, type CallMcpToolOptions } from './call-mcp-tool';

/** What the tools of one server share: the server, its session, its calls and their options. */
export interface McpToolHost {
  serverId: string;
  serverName: string;
  keeper: Pick<McpSessionKeeper, 'session' | 'withSession'>;
  /** The server's open questions to the person; a call's idle clock stands still while one is. */
  personWaits: PersonWaits;
  /** The options of each call, read when it starts (its timeout may change between calls). */
  callOptions: () => CallMcpToolOptions;
}

/**
 * The engine tool calling `definition` on `host`'s server, shown to the model as `exposedName`; undefined for a
 * tool the server hides from the model (`_meta.ui.visibility` without `model`: only its apps call it).
 * `timeoutMs` (the server's own tool timeout, absent = the run's setting) is read now, not per call.
 */
export function createMcpTool(
  definition: McpToolDefinition,
  exposedName: string,
  host: McpToolHost,
  timeoutMs: number | undefined,
): Tool | undefined {
  if (!isVisibleToModel(readToolApp(definition))) return undefined;
  const toolName = definition.name;
  return {
    name: exposedName,
    description: definition.description ?? definition.title ?? '',
    inputSchema: definition.inputSchema,
    annotations: annotationsOf(definition),
    origin: { kind: 'mcp', serverId: host.serverId, serverName: host.serverName, toolName },
    ...(timeoutMs === undefined ? {} : { timeoutMs, timeoutSource: 'server' as const }),
    run: async (input, context) => {
      const unhold = holdIdleWhileWaiting(host.personWaits, context);
      try {
        const headers = host.keeper.session.era === 'modern' ? paramHeadersFor(definition, input) : undefined;
        // Asked inside: a session the server forgot is opened again before the retry, and may say otherwise.
        return await host.keeper.withSession((client) =>
          (runsAsTask(definition, host.keeper.session) ? callMcpToolAsTask : callMcpTool)(
            client,
            toolName,
            input,
            context,
            {
              ...host.callOptions(),
              ...(headers && { headers }),
            },
          ),
        );
      } finally {
        unhold();
      }
    },
  };
}

/**
 * A 2025-11-25 task call: the task runtime loads with the first call that asks for a task, so a connection whose
 * tools never do does not carry it.
 */
const callMcpToolAsTask: typeof callMcpTool = async (...args) => {
  const { callMcpToolAsTask: callAsTask } = await import('../tasks/call-mcp-tool-task');
  return callAsTask(...args);
};

/** The 2026-07-28 `Mcp-Param-*` headers of one call, or undefined when the tool marks no parameter. */
function paramHeadersFor(definition: McpToolDefinition, input: Record<string, unknown>) {
  const scan = scanMcpParamHeaders(definition.inputSchema);
  if (!scan.valid || scan.marks.length === 0) return undefined;
  const headers = mcpParamHeaders(scan.marks, input);
  return Object.keys(headers).length === 0 ? undefined : headers;
}

function annotationsOf(definition: McpToolDefinition): ToolAnnotations {
  const source = definition.annotations ?? {};
  const annotations: ToolAnnotations = {};
  if (source.readOnlyHint !== undefined) annotations.readOnlyHint = source.readOnlyHint;
  if (source.destructiveHint !== undefined) annotations.destructiveHint = source.destructiveHint;
  if (source.idempotentHint !== undefined) annotations.idempotentHint = source.idempotentHint;
  if (source.openWorldHint !== undefined) annotations.openWorldHint = source.openWorldHint;
  const title = source.title ?? definition.title;
  if (title !== undefined) annotations.title = title;
  return annotations;
}
