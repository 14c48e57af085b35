// The retry contract of ENGINE-SPEC §25, checked against the real SDK and the mock Messages API: the SDK
// (client.js `makeRequest`/`retryRequest`) retries on the response status before the stream is returned,
// waiting for `retry-after-ms` / `retry-after`; an error inside a stream that has started is never retried.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../../e2e/fixtures/mock-messages-api';
import { ModelError, type ModelRequest } from '../../engine/model/model';
import { createAnthropicModel } from './create-anthropic-model';
import { collectStreamParts } from '../testing/collect-stream-parts';

let api: MockMessagesApi;
beforeAll(async () => {
  api = await startMockMessagesApi({ apiKey: 'k' });
});
afterEach(() => api.reset());
afterAll(() => api.close());

const request: ModelRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  tools: [],
  maxTokens: 64,
};

const model = (maxRetries: number) =>
  createAnthropicModel({ apiKey: 'k', baseUrl: api.url, model: 'claude-haiku-4-5', maxRetries });

describe('Anthropic retries through the SDK', () => {
  it.each([
    [429, 'rate_limit_error'],
    [529, 'overloaded_error'],
    [500, 'api_error'],
  ] as const)('retries %i after the retry-after the API asked for', async (status, type) => {
    api.enqueue(
      { error: { status, type, message: 'Wait', retryAfter: 1 } },
      { content: [{ type: 'text', text: 'Back.' }] },
    );
    const started = Date.now();
    const parts = await collectStreamParts(model(2).doStream(request, new AbortController().signal));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'end_turn' });
    expect(api.requests).toHaveLength(2);
  });

  it('gives up after maxRetries and says what happened', async () => {
    api.enqueue(
      { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', retryAfter: 0 } },
      { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', retryAfter: 0 } },
    );
    const error = await collectStreamParts(model(1).doStream(request, new AbortController().signal)).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toMatch(/overloaded/);
    expect(api.requests).toHaveLength(2);
  });

  it('never retries once the stream has started, even with retries left', async () => {
    api.enqueue({
      streamError: { type: 'overloaded_error', message: 'Overloaded' },
      content: [{ type: 'text', text: 'Partial' }],
    });
    const error = await collectStreamParts(model(2).doStream(request, new AbortController().signal)).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect((error as ModelError).message).toMatch(/during the stream/);
    expect(api.requests).toHaveLength(1);
  });

  it('does not retry a 400, and names the request that caused it', async () => {
    api.enqueue({ error: { status: 400, type: 'invalid_request_error', message: 'messages: bad' } });
    const error = (await collectStreamParts(model(2).doStream(request, new AbortController().signal)).then(
      () => undefined,
      (reason: unknown) => reason,
    )) as ModelError;
    expect(error.message).toContain(
      `Request: POST ${api.url}/v1/messages (model claude-haiku-4-5, 1 messages, 0 tools, max_tokens 64).`,
    );
    expect(error.message).not.toContain('k,');
    expect(api.requests).toHaveLength(1);
  });
});
