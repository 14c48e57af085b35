// One tool call as an `execute_tool {name}` span, with the MCP attributes on the same span when it went to a server.
import type { TranscriptToolCall } from '../transcript/transcript';
import { SPAN_KIND_INTERNAL, STATUS_ERROR, STATUS_UNSET, toAttributes, toUnixNano, type OtlpSpan } from './otlp-json';
import { toolResponseOf } from './gen-ai-messages';
import { spanIdOf, toolSpanPlace } from './otel-ids';
import { errorTypeOfStatus } from './tool-error-type';

/** What Loupe knows of the MCP request that ran a call (from its traffic), when a server ran it. */
export interface McpCallInfo {
  /** The server's URL (secrets redacted): its host and port become `server.address` / `server.port`. */
  serverUrl: string;
  protocolVersion?: string;
  /** The 2025-era `Mcp-Session-Id`; the 2026 revision has no sessions, so it is left out there. */
  sessionId?: string;
  requestId?: string | number;
}

function addressOf(url: string): { address?: string; port?: number } {
  try {
    const parsed = new URL(url);
    const port = parsed.port !== '' ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
    return { address: parsed.hostname, port };
  } catch {
    return {};
  }
}

/** A 2025-era revision (`2025-06-18`, `2025-11-25` …) is the one with sessions. */
function hasSessions(protocolVersion: string | undefined): boolean {
  return protocolVersion !== undefined && protocolVersion < '2026';
}

export interface ToolSpanInput {
  runId: string;
  traceId: string;
  parentSpanId: string;
  call: TranscriptToolCall;
  content: boolean;
  mcp?: McpCallInfo | undefined;
}

/** The call's span: `error.type` says how it failed (tool-error-type.ts); arguments and result only with content. */
export function toolSpan({ runId, traceId, parentSpanId, call, content, mcp }: ToolSpanInput): OtlpSpan {
  const failed = call.isError || call.status !== 'ok';
  const server = mcp !== undefined ? addressOf(mcp.serverUrl) : {};
  return {
    traceId,
    spanId: spanIdOf(runId, toolSpanPlace(call.id)),
    parentSpanId,
    name: `execute_tool ${call.name}`,
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: toUnixNano(call.timing.startedAt ?? call.timing.queuedAt),
    endTimeUnixNano: toUnixNano(call.timing.endedAt),
    attributes: toAttributes({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': call.name,
      'gen_ai.tool.call.id': call.id,
      'gen_ai.tool.type': mcp !== undefined ? 'extension' : 'function',
      'error.type': failed ? errorTypeOfStatus(call.status) : undefined,
      'loupe.tool.status': call.status,
      'mcp.method.name': mcp !== undefined ? 'tools/call' : undefined,
      'mcp.protocol.version': mcp?.protocolVersion,
      'mcp.session.id': hasSessions(mcp?.protocolVersion) ? mcp?.sessionId : undefined,
      'jsonrpc.request.id': mcp?.requestId !== undefined ? String(mcp.requestId) : undefined,
      'server.address': server.address,
      'server.port': server.port,
      // Loupe speaks MCP over streamable HTTP only: TCP, as the MCP page asks for HTTP transports.
      'network.transport': mcp !== undefined ? 'tcp' : undefined,
      'gen_ai.tool.call.arguments': content ? JSON.stringify(call.input) : undefined,
      'gen_ai.tool.call.result': content ? JSON.stringify(toolResponseOf(call.content)) : undefined,
    }),
    events: call.edits.map((edit) => ({
      name: 'loupe.pause.edit',
      timeUnixNano: toUnixNano(call.timing.startedAt ?? call.timing.queuedAt),
      attributes: toAttributes({
        'loupe.edit.what': edit.what,
        'loupe.edit.before': content ? JSON.stringify(edit.before) : undefined,
        'loupe.edit.after': content ? JSON.stringify(edit.after) : undefined,
      }),
    })),
    links: [],
    status: failed ? { code: STATUS_ERROR, message: call.status } : { code: STATUS_UNSET },
  };
}
