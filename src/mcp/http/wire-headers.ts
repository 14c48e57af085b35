// The per-request HTTP headers a 2026-07-28 request travels with, as the SDK's streamable HTTP transport sets
// them, so the protocol log can show what a gateway or a CORS list sees.
import {
  PROTOCOL_VERSION_META_KEY,
  type JSONRPCMessage,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import { encodeMcpParamValue } from './mcp-param-headers';

/** Which parameter names the request in `Mcp-Name`, per method. */
const NAME_SOURCE: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/**
 * `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and the call's extra headers (`Mcp-Param-*`) of a request
 * that carries the 2026-07-28 `_meta` envelope; undefined for anything else (2025-era requests, answers).
 */
export function wireHeadersOf(
  message: JSONRPCMessage,
  options?: TransportSendOptions,
): Record<string, string> | undefined {
  const request = message as { method?: unknown; id?: unknown; params?: Record<string, unknown> };
  if (typeof request.method !== 'string' || request.id === undefined) return undefined;
  const meta = request.params?.['_meta'] as Record<string, unknown> | undefined;
  const version = meta?.[PROTOCOL_VERSION_META_KEY];
  if (typeof version !== 'string') return undefined;
  const headers: Record<string, string> = { 'MCP-Protocol-Version': version, 'Mcp-Method': request.method };
  const source = NAME_SOURCE[request.method];
  const name = source === undefined ? undefined : request.params?.[source];
  if (typeof name === 'string') headers['Mcp-Name'] = encodeMcpParamValue(name);
  // The SDK hands per-call headers (the Mcp-Param-* mirrors) to the transport beside the message.
  const extra = (options as { headers?: unknown } | undefined)?.headers;
  if (typeof extra === 'object' && extra !== null)
    for (const [key, value] of Object.entries(extra)) if (typeof value === 'string') headers[key] = value;
  return headers;
}
