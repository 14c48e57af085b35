// Reads the MCP SDK's typed errors (v2: `SdkError` codes, `SdkHttpError` statuses, `ProtocolError`) in one place.
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';

export { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

/**
 * The HTTP status an SDK error carries: the server's status for an HTTP failure, -1 for a reply that is not
 * JSON or an event stream (as the v1 client reported it), undefined otherwise.
 */
export function sdkHttpStatusOf(error: unknown): number | undefined {
  if (error instanceof SdkHttpError) return error.status;
  if (error instanceof SdkError && error.code === SdkErrorCode.ClientHttpUnexpectedContent) return -1;
  return undefined;
}

/** Whether a request ran out of time (the SDK's own timer, not the server's error). */
export function isSdkTimeout(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}

/** Whether the error is a JSON-RPC error the server sent back. */
export function isProtocolError(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError;
}

/**
 * Whether connecting failed because the `server/discover` probe could not be sent at all: the SDK wraps the
 * browser's "Failed to fetch" as `ERA_NEGOTIATION_FAILED`. Inside a Web Worker this is what a cross-origin
 * 2025-era server does when its CORS list omits the new `Mcp-Method` header (the SDK's own fallback for that
 * case looks for `window`), so the caller retries with the 2025-era handshake.
 */
export function isProbeNetworkFailure(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    !(error instanceof SdkHttpError) &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    error.cause instanceof TypeError
  );
}

/** The error under an era-negotiation wrapper (the network error the probe met), else `error` itself. */
export function unwrapProbeError(error: unknown): unknown {
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && error.cause !== undefined)
    return error.cause;
  return error;
}

/** Whether an error means the server forgot the session (HTTP 404, or 400 for a session it no longer knows). */
export function isDeadSessionError(error: unknown): boolean {
  const status = sdkHttpStatusOf(error);
  return status === 404 || status === 400;
}

// The SDK's HTTP+SSE client refuses a stream whose `endpoint` event names another origin; it says so only in words.
const FOREIGN_ENDPOINT = /^Endpoint origin does not match connection origin: (\S+)$/;

/** The origin an HTTP+SSE stream's refused `endpoint` event named, or undefined for any other error. */
export function refusedSseEndpointOrigin(error: unknown): string | undefined {
  return error instanceof Error ? FOREIGN_ENDPOINT.exec(error.message)?.[1] : undefined;
}
