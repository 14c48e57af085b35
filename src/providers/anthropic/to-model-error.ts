// Turns SDK failures into plain-worded ModelErrors that say what went wrong and what to do.
// The error classes straight from the SDK's error module: the package entry would bring its whole client.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk/core/error';
import { ModelError } from '../../engine/model/model';

function advice(status: number | undefined, errorType: string | null): string {
  if (errorType === 'overloaded_error' || status === 529)
    return 'The API is overloaded right now. Wait a moment and run again.';
  switch (status) {
    case 400:
      return 'The request was invalid.';
    case 401:
      return 'The API key was refused. Check the key in Settings.';
    case 402:
      return 'The account needs billing attention. Check your plan and credit balance.';
    case 403:
      return 'The key is not allowed to do this. Check its permissions and workspace.';
    case 404:
      return 'Not found: the model name or the base URL is probably wrong. Check both in Settings.';
    case 408:
      return 'The request timed out. Run again.';
    case 413:
      return 'The request is too large. Shorten the conversation, the tool results or the tool list.';
    case 429:
      return 'Rate limited. Wait a little and retry later.';
    default:
      if (status !== undefined && status >= 500) return 'The API had a server error. Retry in a moment.';
      return 'The model call failed.';
  }
}

function retryAfterNote(error: APIError): string {
  const seconds = error.headers?.get('retry-after');
  return seconds ? ` The API asks to wait ${seconds} s.` : '';
}

/** Statuses caused by the request itself: their message names the request. */
const requestFaults: ReadonlySet<number> = new Set([400, 401, 403, 404, 413]);

/** An HTTP error (status set) or an `event: error` in the stream (no status). */
function fromApiError(error: APIError, request: string | undefined): ModelError {
  const status = error.status;
  const apiMessage = error.apiMessage ?? (status === undefined ? error.message : `HTTP ${status}`);
  const where = status === undefined ? 'during the stream' : `HTTP ${status}`;
  const kind = error.type ?? undefined;
  const which =
    request !== undefined && status !== undefined && requestFaults.has(status) ? ` Request: ${request}.` : '';
  const message = `${advice(status, error.type)} (${where}${kind ? `, ${kind}` : ''}: ${apiMessage})${retryAfterNote(error)}${which}`;
  return new ModelError(message, {
    ...(status !== undefined ? { status } : {}),
    ...(kind !== undefined ? { errorType: kind } : {}),
    cause: error,
  });
}

/**
 * A `ModelError` for any failure of a model call. `baseUrl` names the endpoint in connection errors;
 * `request` (a few words, never the key) is named in errors the request caused (400/401/403/404/413).
 * Callers must handle aborts before calling this: an abort is not a model failure.
 */
export function toModelError(error: unknown, baseUrl: string, request?: string): ModelError {
  if (error instanceof ModelError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new ModelError(`The request to ${baseUrl} timed out. Check the connection and run again.`, { cause: error });
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    return new ModelError(
      `Could not reach ${baseUrl}: ${cause}. Check the base URL; a browser also needs the endpoint to allow CORS.`,
      { cause: error },
    );
  }
  if (error instanceof APIError) {
    return fromApiError(error as APIError, request);
  }
  const text = error instanceof Error ? error.message : String(error);
  return new ModelError(`The model call failed: ${text}`, { cause: error });
}
