import { describe, expect, it } from 'vitest';
import { defaultRetryDelayMs, postWithRetries, readRetryAfterMs } from './post-with-retries';

function fakeFetch(statuses: { status: number; headers?: Record<string, string> }[]) {
  const calls: string[] = [];
  const fetch = ((input: string) => {
    calls.push(input);
    const next = statuses[calls.length - 1] ?? { status: 200 };
    return Promise.resolve(
      new Response(next.status === 200 ? 'ok' : '{"error":{"message":"no"}}', {
        status: next.status,
        headers: next.headers ?? {},
      }),
    );
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('readRetryAfterMs', () => {
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(readRetryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), 0)).toBe(250);
    expect(readRetryAfterMs(new Headers({ 'retry-after': '2' }), 0)).toBe(2000);
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(readRetryAfterMs(new Headers({ 'retry-after': 'Sun, 29 Nov 2026 12:00:03 GMT' }), now)).toBe(3000);
    expect(readRetryAfterMs(new Headers(), 0)).toBeUndefined();
  });
});

describe('postWithRetries', () => {
  const sleepLog = () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    return { waits, sleep };
  };

  it('retries 408, 409, 429 and 5xx with the asked wait or a backoff, then returns the success', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 408 },
      { status: 409, headers: { 'retry-after': '1' } },
      { status: 429, headers: { 'retry-after-ms': '20' } },
      { status: 502 },
      { status: 200 },
    ]);
    const { waits, sleep } = sleepLog();
    const response = await postWithRetries(
      'http://x/chat',
      {},
      { maxRetries: 4, signal: new AbortController().signal, fetch, sleep },
    );
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(5);
    expect(waits).toEqual([defaultRetryDelayMs(0), 1000, 20, defaultRetryDelayMs(3)]);
  });

  it('returns the failure when retries run out or the server asks for more than a minute', async () => {
    const outOfRetries = fakeFetch([{ status: 503 }, { status: 503 }]);
    const first = await postWithRetries(
      'u',
      {},
      {
        maxRetries: 1,
        signal: new AbortController().signal,
        fetch: outOfRetries.fetch,
        sleep: () => Promise.resolve(),
      },
    );
    expect(first.status).toBe(503);
    expect(outOfRetries.calls).toHaveLength(2);
    const tooLong = fakeFetch([{ status: 429, headers: { 'retry-after': '3600' } }]);
    const second = await postWithRetries(
      'u',
      {},
      { maxRetries: 3, signal: new AbortController().signal, fetch: tooLong.fetch, sleep: () => Promise.resolve() },
    );
    expect(second.status).toBe(429);
    expect(tooLong.calls).toHaveLength(1);
  });

  it('never retries 400, 401, 403, 404 or 413', async () => {
    for (const status of [400, 401, 403, 404, 413]) {
      const { fetch, calls } = fakeFetch([{ status }]);
      const response = await postWithRetries(
        'u',
        {},
        { maxRetries: 3, signal: new AbortController().signal, fetch, sleep: () => Promise.resolve() },
      );
      expect(response.status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });
});
