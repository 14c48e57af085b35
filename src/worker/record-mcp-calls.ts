// Which MCP server ran each call of a run, noted as the call starts: the execute_tool spans' MCP attributes
// (`mcp.method.name`, `mcp.protocol.version`, `mcp.session.id`, `server.address`/`server.port`) come from here, since
// a transcript names a call's tool but not the server address, revision or session it went to.
import type { McpCallInfo } from '../engine/otel/tool-span';
import type { Tool } from '../engine/tool/tool';
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

/** The MCP requests behind the calls of each run, by call id. */
export class McpCallRecord {
  readonly #byRun = new Map<string, Map<string, McpCallInfo>>();

  note(runId: string, callId: string, info: McpCallInfo): void {
    let calls = this.#byRun.get(runId);
    if (calls === undefined) this.#byRun.set(runId, (calls = new Map<string, McpCallInfo>()));
    calls.set(callId, info);
  }

  /** The calls of `runIds` (call ids are the model's, unique across runs), for one export. */
  of(...runIds: string[]): Map<string, McpCallInfo> {
    return new Map(runIds.flatMap((runId) => [...(this.#byRun.get(runId) ?? [])]));
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
        if (context.callId !== undefined && facts !== undefined && serverUrl !== undefined)
          record.note(runId, context.callId, {
            serverUrl,
            ...(facts.protocolVersion === undefined ? {} : { protocolVersion: facts.protocolVersion }),
            ...(facts.sessionId === undefined ? {} : { sessionId: facts.sessionId }),
          });
        return tool.run(input, context);
      },
    };
  });
}
