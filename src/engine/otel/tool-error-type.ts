// Pure: a tool call's status as the `error.type` of its `execute_tool` span, and back. The MCP page of the GenAI
// conventions asks for `tool_error` when a CallToolResult came back with `isError`; the registry names `timeout`;
// the rest are Loupe's own low-cardinality values (documented in docs/otel.md), `_OTHER` for anything unknown.
import type { ToolResultStatus } from '../tool/tool';

/** Each failed status's `error.type`: snake_case, as the conventions write their own values. */
const ERROR_TYPES: Record<Exclude<ToolResultStatus, 'ok'>, string> = {
  'tool-error': 'tool_error',
  'invalid-input': 'invalid_input',
  'not-found': 'not_found',
  timeout: 'timeout',
  cancelled: 'cancelled',
  denied: 'denied',
  'not-executed': 'not_executed',
  duplicate: 'duplicate',
  truncated: 'truncated',
};

/** The conventions' fallback when an instrumentation has no value of its own. */
export const OTHER_ERROR_TYPE = '_OTHER';

/**
 * The `error.type` of a failed call that ended with `status`: `tool_error` for an error result the tool returned
 * (also when its status is `ok` but the result is marked `isError`), `_OTHER` for a status Loupe does not know.
 */
export function errorTypeOfStatus(status: ToolResultStatus): string {
  return status === 'ok' ? 'tool_error' : (ERROR_TYPES[status] ?? OTHER_ERROR_TYPE);
}

const STATUS_BY_ERROR_TYPE = new Map<string, ToolResultStatus>(
  Object.entries(ERROR_TYPES).flatMap(([status, errorType]) => [
    [errorType, status as ToolResultStatus],
    // What Loupe wrote before it followed the MCP page: the status itself (`tool-error`, `invalid-input` …).
    [status, status as ToolResultStatus],
  ]),
);

/**
 * The status of a call whose span failed, from what the span says: Loupe's own `loupe.tool.status` when it names
 * a failure, else its `error.type` (current or older spelling); any other error (`_OTHER`, an exception name, a
 * JSON-RPC code) is a tool error.
 */
export function statusOfFailedSpan(errorType: string | undefined, loupeStatus: string | undefined): ToolResultStatus {
  const own = loupeStatus === undefined ? undefined : STATUS_BY_ERROR_TYPE.get(loupeStatus);
  if (own !== undefined && loupeStatus === own) return own;
  return (errorType === undefined ? undefined : STATUS_BY_ERROR_TYPE.get(errorType)) ?? 'tool-error';
}
