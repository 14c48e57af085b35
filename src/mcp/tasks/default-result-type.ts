// A result without `resultType` is a complete result. The 2026-07-28 revision makes the field required of
// servers, yet tells clients to take its absence as "complete" (SEP-2322; the official conformance suite checks
// it). The SDK's decoder refuses such a result from a 2026-07-28 server, so Loupe adds the default on the way in,
// after the protocol log has recorded the wire as it was. A 2025-era result passes the same way: that era's
// decoder drops the field.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { isRecord } from '../../shared/is-record';

/**
 * `message` with `resultType: "complete"` added to its result when it is a response whose result has none;
 * any other message (a request, a notification, an error, a result that names its type) is returned as it is.
 */
export function defaultResultType(message: JSONRPCMessage): JSONRPCMessage {
  const record = message as Record<string, unknown>;
  if (record['method'] !== undefined || record['id'] === undefined) return message;
  const result = record['result'];
  if (!isRecord(result) || result['resultType'] !== undefined) return message;
  return { ...record, result: { ...result, resultType: 'complete' } } as unknown as JSONRPCMessage;
}
