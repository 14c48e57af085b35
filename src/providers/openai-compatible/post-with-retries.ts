// One POST with retries on 408/409/429/5xx before any byte of the reply is read, honouring retry-after.

/** Statuses worth another try: timeouts, conflicts, rate limits and server errors (as the Anthropic SDK retries). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Longest wait Loupe accepts from a retry-after header; a longer one ends the call with the wait in the message. */
export const MAX_RETRY_WAIT_MS = 60_000;

/** The wait a response asks for (`retry-after-ms`, or `retry-after` in seconds or as a date), in ms. */
export function readRetryAfterMs(headers: Headers, now: number): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Backoff when the server names no wait: 0.5 s, 1 s, 2 s … at most 8 s. */
export function defaultRetryDelayMs(attempt: number): number {
  return Math.min(8000, 500 * 2 ** attempt);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions {
  maxRetries: number;
  signal: AbortSignal;
  fetch: typeof fetch;
  /** Injectable for tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

/**
 * POSTs and returns the first response that is not a retryable failure, or the last one when retries run
 * out or the server asks for a wait longer than `MAX_RETRY_WAIT_MS`. Streaming starts only after this
 * returns, so a reply is never retried once any of it was read. Network errors are not retried: in a
 * browser they are almost always CORS or a server that is not running, and a retry only delays the message.
 */
export async function postWithRetries(url: string, init: RequestInit, options: RetryOptions): Promise<Response> {
  const wait = options.sleep ?? sleep;
  const now = options.now ?? Date.now;
  for (let attempt = 0; ; attempt += 1) {
    const response = await options.fetch(url, { ...init, signal: options.signal });
    if (response.ok || !isRetryableStatus(response.status) || attempt >= options.maxRetries) return response;
    const asked = readRetryAfterMs(response.headers, now());
    if (asked !== undefined && asked > MAX_RETRY_WAIT_MS) return response;
    // The failed body is not needed; reading it frees the connection.
    await response.text().catch(() => '');
    await wait(asked ?? defaultRetryDelayMs(attempt), options.signal);
  }
}
