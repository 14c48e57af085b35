// Pure: one JSON-RPC message on an MCP server's wire, as the worker records it and the page shows it. Imports nothing.

/**
 * One recorded message; `durationMs` is set on a response or error (ms since the request with the same id went
 * the other way). `Message` is the message's own type: the MCP SDK's `JSONRPCMessage` where it is recorded,
 * `unknown` once it has crossed to the page.
 */
export interface TrafficEntry<Message = unknown> {
  at: number;
  direction: 'sent' | 'received';
  kind: 'request' | 'response' | 'error' | 'notification';
  method?: string;
  id?: string | number;
  durationMs?: number;
  /** The era the connection spoke when the message passed (`modern` = 2026-07-28; absent while negotiating). */
  era?: 'modern' | 'legacy';
  /** A sent 2026-07-28 request's per-request headers (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`…). */
  headers?: Record<string, string>;
  message: Message;
}
