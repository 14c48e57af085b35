// Which MCP server ran each call of a run, noted as the call starts, and the JSON-RPC id its `tools/call` went out
// with: the execute_tool spans' MCP attributes (`mcp.method.name`, `mcp.protocol.version`, `mcp.session.id`,
// `jsonrpc.request.id`, `server.address`/`server.port`) come from here, since a transcript names a call's tool but
// not the server address, revision, session or request it went to.
import type { McpCallInfo } from '../engine/otel/tool-span';
import type { Tool, ToolRunContext } from '../engine/tool/tool';
import type { ServerRegistry } from './server-registry';

/** What is known of a server when one of its tools is called; undefined when it is no longer connected. */
export type ServerFactsOf = (
  serverId: string,
) => { url: string; protocolVersion?: string; sessionId?: string } | undefined;

/** What the registry knows of a connected server, for `recordMcpCalls`. */
export function serverFactsFrom(servers: Pick<ServerRegistry, 'config' | 'connection'>): ServerFactsOf {
  return (serverId) => {
    const config = servers.config(serverId);
    if (config === undefined) return undefined;
    try {
      const { protocolVersion, sessionId } = servers.connection(serverId);
      return {
        url: config.url,
        ...(protocolVersion === undefined ? {} : { protocolVersion }),
        ...(sessionId === undefined ? {} : { sessionId }),
      };
    } catch {
      return { url: config.url };
    }
  };
}

/** The MCP requests behind the calls of each run, by run and call id. */
export class McpCallRecord {
  readonly #byRun = new Map<string, Map<string, McpCallInfo>>();

  note(runId: string, callId: string, info: McpCallInfo): void {
    let calls = this.#byRun.get(runId);
    if (calls === undefined) this.#byRun.set(runId, (calls = new Map<string, McpCallInfo>()));
    calls.set(callId, info);
  }

  /** The JSON-RPC id the call's `tools/call` went out with (the last one, when the request was sent again). */
  noteRequestId(runId: string, callId: string, requestId: string | number): void {
    const info = this.#byRun.get(runId)?.get(callId);
    if (info !== undefined) info.requestId = requestId;
  }

  /** What is known of call `callId` of run `runId`, for an export (the `mcpCallOf` of `transcriptsToOtlp`). */
  callOf(runId: string, callId: string): McpCallInfo | undefined {
    return this.#byRun.get(runId)?.get(callId);
  }
}

// Only the origin leaves: host and port are what the span carries, and a URL's path or query may hold a secret.
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

// A context whose prototype is the loop's own (its `signal` getter and every other field stay as the loop made
// them, as in with-trace-context.ts); only `onRequestSent` is added, chained to one already there.
function withRequestIds(context: ToolRunContext, onTrace: (id: string | number) => void): ToolRunContext {
  const noted = Object.create(context) as ToolRunContext;
  const before = context.onRequestSent;
  noted.onRequestSent = (request) => {
    if (request.method === 'tools/call') onTrace(request.id);
    before?.(request);
  };
  return noted;
}

/** `tools` with each MCP tool's calls noted in `record` under run `runId`; other tools as they are. */
export function recordMcpCalls(tools: Tool[], runId: string, record: McpCallRecord, factsOf: ServerFactsOf): Tool[] {
  return tools.map((tool) => {
    const origin = tool.origin;
    if (origin.kind !== 'mcp') return tool;
    return {
      ...tool,
      run: (input, context) => {
        const facts = factsOf(origin.serverId);
        const serverUrl = facts === undefined ? undefined : originOf(facts.url);
        const callId = context.callId;
        if (callId === undefined || facts === undefined || serverUrl === undefined) return tool.run(input, context);
        record.note(runId, callId, {
          serverUrl,
          ...(facts.protocolVersion === undefined ? {} : { protocolVersion: facts.protocolVersion }),
          ...(facts.sessionId === undefined ? {} : { sessionId: facts.sessionId }),
        });
        return tool.run(
          input,
          withRequestIds(context, (id) => record.noteRequestId(runId, callId, id)),
        );
      },
    };
  });
}
