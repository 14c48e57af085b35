// Turns a failed Chat Completions call into a plain-worded ModelError: what went wrong, what to do, which request.
import { ModelError } from '../../engine/model/model';
import { describeContextOverflow, readContextOverflow } from './read-context-overflow';

function advice(status: number): string {
  switch (status) {
    case 400:
      return 'The endpoint refused the request as invalid.';
    case 401:
      return 'The API key was refused. Check the key in Settings (local servers such as Ollama need none).';
    case 402:
      return 'The account needs billing attention. Check your plan and credit balance.';
    case 403:
      return 'The key is not allowed to do this. Check its permissions and the model.';
    case 404:
      return 'Not found: the model name or the base URL is probably wrong (the base URL usually ends in /v1). Check both in Settings.';
    case 408:
      return 'The request timed out. Run again.';
    case 413:
      return 'The request is too large. Shorten the conversation, the tool results or the tool list.';
    case 422:
      return 'The endpoint could not process the request.';
    case 429:
      return 'Rate limited (or out of quota). Wait a little and retry later.';
    default:
      return status >= 500 ? 'The endpoint had a server error. Retry in a moment.' : 'The model call failed.';
  }
}

/** The error text and type of an error body in the shapes OpenAI, vLLM, Ollama and LM Studio use. */
export function readErrorBody(text: string): { message: string; type?: string } {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null) {
      const record = body as Record<string, unknown>;
      const error = record['error'];
      if (typeof error === 'string') return { message: error };
      const source = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : record;
      const message = typeof source['message'] === 'string' ? source['message'] : text;
      const type = source['type'] ?? source['code'];
      return typeof type === 'string' ? { message, type } : { message };
    }
  } catch {
    // Not JSON: the text itself is the best explanation there is.
  }
  const trimmed = text.trim();
  return { message: trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed || 'no details' };
}

/** Statuses whose cause is in the request itself, so the message names the request. */
const requestFaults = new Set([400, 401, 403, 404, 413, 422]);

/**
 * A ModelError for an HTTP failure. `request` describes the call in a few words (method, URL, model, sizes) —
 * never the key — and is appended for errors the request caused.
 */
export function toOpenAIModelError(
  status: number,
  bodyText: string,
  retryAfter: string | null,
  request: string,
): ModelError {
  const { message, type } = readErrorBody(bodyText);
  const wait = retryAfter ? ` The endpoint asks to wait ${retryAfter} s.` : '';
  const which = requestFaults.has(status) ? ` Request: ${request}.` : '';
  // A context overflow is said with its figures and a type the UI knows, whatever the server called it.
  const overflow = readContextOverflow(status, bodyText);
  const errorType = overflow?.errorType ?? type;
  const said = overflow === undefined ? advice(status) : describeContextOverflow(overflow);
  return new ModelError(`${said} (HTTP ${status}${type ? `, ${type}` : ''}: ${message})${wait}${which}`, {
    status,
    ...(errorType === undefined ? {} : { errorType }),
  });
}

/** A ModelError for a request that got no HTTP answer at all. */
export function toConnectionError(baseUrl: string, cause: unknown): ModelError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ModelError(
    `Could not reach ${baseUrl}: ${reason}. Check the base URL and that the server runs; a browser also needs the endpoint to allow CORS (Ollama: set OLLAMA_ORIGINS; LM Studio: enable CORS).`,
    { cause },
  );
}
