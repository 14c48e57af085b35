// The 2026-07-28 per-request log level: `logging/setLevel` is gone from the stateless revision, so every request
// carries the least severe level the server may send while answering it, in its `_meta`.
import { LOG_LEVEL_META_KEY, type JSONRPCMessage, type LoggingLevel } from '@modelcontextprotocol/client';

/**
 * The level a 2026-07-28 connection asks for until the person picks one: everything, as a 2025-era server sends
 * when no `logging/setLevel` came (a 2026 server sends no log message at all to a request without a level).
 */
export const DEFAULT_REQUEST_LOG_LEVEL: LoggingLevel = 'debug';

/**
 * `message` with `_meta["io.modelcontextprotocol/logLevel"]` set to `level` when it is a request; notifications,
 * answers and a request that already names a level pass unchanged. Never mutates `message`.
 */
export function withRequestLogLevel(message: JSONRPCMessage, level: LoggingLevel): JSONRPCMessage {
  if (!('method' in message) || !('id' in message)) return message;
  const params = (message.params ?? {}) as { _meta?: Record<string, unknown> };
  if (params._meta?.[LOG_LEVEL_META_KEY] !== undefined) return message;
  return { ...message, params: { ...params, _meta: { ...params._meta, [LOG_LEVEL_META_KEY]: level } } };
}
