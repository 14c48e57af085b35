import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../../e2e/fixtures/mock-messages-api';
import { ModelError, type ModelRequest, type ModelStreamPart } from '../../engine/model/model';
import { createAnthropicModel } from './create-anthropic-model';
import { collectStreamParts } from '../testing/collect-stream-parts';
import { expectModelError } from '../testing/expect-model-error';
import { helloRequest, weatherToolDefinition } from '../testing/hello-request';

const apiKey = 'sk-ant-test-key';
let api: MockMessagesApi;
let chunkedApi: MockMessagesApi;
let byteApi: MockMessagesApi;

beforeAll(async () => {
  [api, chunkedApi, byteApi] = await Promise.all([
    startMockMessagesApi({ apiKey }),
    startMockMessagesApi({ apiKey, chunkBytes: 7 }),
    startMockMessagesApi({ apiKey, chunkBytes: 1 }),
  ]);
});
afterEach(() => {
  for (const server of [api, chunkedApi, byteApi]) server.reset();
});
afterAll(async () => {
  await Promise.all([api.close(), chunkedApi.close(), byteApi.close()]);
});

const weatherTool = weatherToolDefinition;
const request = (overrides: Partial<ModelRequest> = {}): ModelRequest => helloRequest(512, overrides);

function model(server: MockMessagesApi, extra: { maxRetries?: number; apiKey?: string; baseUrl?: string } = {}) {
  return createAnthropicModel({ apiKey, baseUrl: server.url, model: 'claude-sonnet-5-5', maxRetries: 0, ...extra });
}

describe('createAnthropicModel against the mock Messages API', () => {
  it('streams a text reply with ids and usage', async () => {
    api.enqueue({
      content: [{ type: 'text', text: 'Hi there, how can I help today? Ünïcode ✓' }],
      usage: { input_tokens: 42, output_tokens: 9, cache_read_input_tokens: 5, cache_creation_input_tokens: 3 },
    });
    const parts = await collectStreamParts(
      model(api).doStream(request({ system: 'Be brief.' }), new AbortController().signal),
    );
    const [record, ...reply] = parts;
    expect(reply[0]).toMatchObject({ type: 'response-start', model: 'claude-sonnet-5-5', usage: { inputTokens: 42 } });
    expect(reply[1]).toEqual({ type: 'text-start', index: 0 });
    // The exact request, as the mock received it, without the key: where the key went is all it says.
    expect(record).toEqual({
      type: 'request-sent',
      request: {
        method: 'POST',
        url: `${api.url}/v1/messages`,
        headers: {
          'anthropic-version': api.requests[0]?.headers['anthropic-version'],
          'content-type': 'application/json',
        },
        auth: { header: 'x-api-key' },
        body: api.requests[0]?.body,
        response: expect.objectContaining({ status: 200 }) as unknown,
      },
    });
    expect(JSON.stringify(record)).not.toContain(apiKey);
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');
    expect(text).toBe('Hi there, how can I help today? Ünïcode ✓');
    expect(parts.at(-2)).toEqual({ type: 'block-end', index: 0 });
    expect(parts.at(-1)).toEqual({
      type: 'response-end',
      stopReason: 'end_turn',
      usage: { inputTokens: 42, outputTokens: 9, cacheCreationInputTokens: 3, cacheReadInputTokens: 5 },
    });
    const sent = api.requests[0];
    expect(sent?.headers['x-api-key']).toBe(apiKey);
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toMatchObject({
      model: 'claude-sonnet-5-5',
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      max_tokens: 512,
      stream: true,
    });
    expect(sent?.body).not.toHaveProperty('tools');
  });

  it.each([
    ['whole events', () => api],
    ['7-byte writes', () => chunkedApi],
    ['1-byte writes', () => byteApi],
  ])('reassembles tool_use input JSON split at arbitrary points (%s)', async (_label, server) => {
    const input = { city: 'Zürich', unit: 'celsius', nested: { list: [1, 2, 3], flag: true } };
    server().enqueue({
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_1', name: 'demo__weather_get', input },
      ],
    });
    const parts = await collectStreamParts(
      model(server()).doStream(
        request({ tools: [weatherTool], toolChoice: { type: 'auto' } }),
        new AbortController().signal,
      ),
    );
    expect(parts).toContainEqual({ type: 'tool-use-start', index: 1, id: 'toolu_1', name: 'demo__weather_get' });
    const deltas = parts.filter((part) => part.type === 'tool-input-delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(JSON.parse(deltas.map((part) => part.partialJson).join(''))).toEqual(input);
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
    expect(server().requests[0]?.body).toMatchObject({ tools: [weatherTool], tool_choice: { type: 'auto' } });
  });

  it('maps thinking blocks with their signature', async () => {
    api.enqueue({
      content: [
        { type: 'thinking', thinking: 'Let me think.', signature: 'sig-1' },
        { type: 'text', text: 'Done.' },
      ],
    });
    const parts = await collectStreamParts(model(api).doStream(request(), new AbortController().signal));
    expect(parts).toContainEqual({ type: 'thinking-start', index: 0 });
    expect(parts).toContainEqual({ type: 'signature-delta', index: 0, signature: 'sig-1' });
    expect(
      parts
        .filter((part) => part.type === 'thinking-delta')
        .map((part) => part.thinking)
        .join(''),
    ).toBe('Let me think.');
  });

  it('sends a tool round trip that the API accepts', async () => {
    const messages: ModelRequest['messages'] = [
      { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_9', name: 'demo__weather_get', input: { city: 'Oslo' } }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_9',
            content: [{ type: 'text', text: '{"temperatureC":4}' }],
            is_error: true,
          },
        ],
      },
    ];
    const parts = await collectStreamParts(
      model(api).doStream(request({ messages, tools: [weatherTool] }), new AbortController().signal),
    );
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');
    expect(text).toContain('{"temperatureC":4}');
    expect(api.requests[0]?.body).toMatchObject({ messages: [{}, {}, { content: [{ is_error: true }] }] });
  });

  it.each([
    [400, 'invalid_request_error', 'max_tokens: Field required', /request was invalid/],
    [401, 'authentication_error', 'invalid x-api-key', /key was refused.*Check the key/],
    [403, 'permission_error', 'Your key may not use this model', /not allowed/],
    [404, 'not_found_error', 'model: claude-nope', /model name or the base URL/],
    [413, 'request_too_large', 'Request exceeds the maximum size', /too large/],
    [429, 'rate_limit_error', 'Number of request tokens has exceeded your rate limit', /Rate limited.*retry later/],
    [500, 'api_error', 'Internal server error', /server error/],
    [529, 'overloaded_error', 'Overloaded', /overloaded/],
  ] as const)('turns HTTP %i %s into a plain ModelError', async (status, type, message, advice) => {
    api.enqueue({ error: { status, type, message } });
    const error = await expectModelError(
      collectStreamParts(model(api).doStream(request(), new AbortController().signal)),
    );
    expect(error.status).toBe(status);
    expect(error.errorType).toBe(type);
    expect(error.message).toMatch(advice);
    expect(error.message).toContain(message);
    expect(error.message).toContain(String(status));
  });

  it('mentions retry-after on 429', async () => {
    api.enqueue({ error: { status: 429, type: 'rate_limit_error', message: 'Slow down', retryAfter: 30 } });
    const error = await expectModelError(
      collectStreamParts(model(api).doStream(request(), new AbortController().signal)),
    );
    expect(error.message).toContain('wait 30 s');
  });

  it('retries an overloaded API when retries are allowed', async () => {
    api.enqueue(
      { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', retryAfter: 0 } },
      { content: [{ type: 'text', text: 'Back.' }] },
    );
    const parts = await collectStreamParts(
      model(api, { maxRetries: 1 }).doStream(request(), new AbortController().signal),
    );
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'end_turn' });
    expect(api.requests).toHaveLength(2);
  });

  it('refuses a wrong key with 401', async () => {
    const error = await expectModelError(
      collectStreamParts(model(api, { apiKey: 'wrong' }).doStream(request(), new AbortController().signal)),
    );
    expect(error.status).toBe(401);
    expect(error.message).toContain('invalid x-api-key');
  });

  it('records the request of a refused call with its status', async () => {
    const parts: ModelStreamPart[] = [];
    const stream = model(api, { apiKey: 'wrong' }).doStream(request(), new AbortController().signal);
    await expectModelError(
      (async () => {
        for await (const part of stream) parts.push(part);
      })(),
    );
    expect(parts).toEqual([
      {
        type: 'request-sent',
        request: expect.objectContaining({ response: expect.objectContaining({ status: 401 }) as unknown }) as unknown,
      },
    ]);
    expect(JSON.stringify(parts)).not.toContain('wrong');
  });

  it('records thinking and cache_control exactly as sent', async () => {
    api.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    const thinking = createAnthropicModel({
      apiKey,
      baseUrl: api.url,
      model: 'claude-sonnet-5-5',
      maxRetries: 0,
      thinking: { budgetTokens: 2048 },
    });
    const parts = await collectStreamParts(
      thinking.doStream(request({ system: 'S', tools: [weatherTool] }), new AbortController().signal),
    );
    const record = parts[0];
    if (record?.type !== 'request-sent') throw new Error('no record');
    expect(record.request.body).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 2048 },
      max_tokens: 512 + 2048,
      system: [{ type: 'text', text: 'S', cache_control: { type: 'ephemeral' } }],
    });
    expect(JSON.stringify(record.request.body)).toBe(JSON.stringify(api.requests[0]?.body));
  });

  it('reports a wrong base URL path as 404', async () => {
    const error = await expectModelError(
      collectStreamParts(model(api, { baseUrl: `${api.url}/wrong` }).doStream(request(), new AbortController().signal)),
    );
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/base URL/);
  });

  it('turns a mid-stream error event into a ModelError after the partial text', async () => {
    chunkedApi.enqueue({
      streamError: { type: 'overloaded_error', message: 'Overloaded' },
      content: [{ type: 'text', text: 'Partial answer' }],
    });
    const parts: ModelStreamPart[] = [];
    const error = await expectModelError(
      (async () => {
        for await (const part of model(chunkedApi).doStream(request(), new AbortController().signal)) parts.push(part);
      })(),
    );
    expect(parts.some((part) => part.type === 'text-delta')).toBe(true);
    expect(error.errorType).toBe('overloaded_error');
    expect(error.message).toMatch(/overloaded.*during the stream.*Overloaded/);
  });

  it('says the endpoint could not be reached, with CORS advice', async () => {
    const error = await expectModelError(
      collectStreamParts(
        model(api, { baseUrl: 'http://127.0.0.1:1' }).doStream(request(), new AbortController().signal),
      ),
    );
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:1: .*Check the base URL.*CORS/);
  });

  it('surfaces an abort mid-stream as the abort, not a ModelError', async () => {
    api.enqueue({
      content: [{ type: 'text', text: 'one two three four five six seven eight nine ten eleven twelve' }],
      eventDelayMs: 40,
    });
    const controller = new AbortController();
    const parts: ModelStreamPart[] = [];
    const error = await (async () => {
      for await (const part of model(api).doStream(request(), controller.signal)) {
        parts.push(part);
        if (part.type === 'text-delta') controller.abort();
      }
    })().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).not.toBeInstanceOf(ModelError);
    expect(error).toBe(controller.signal.reason);
    expect(parts.some((part) => part.type === 'response-end')).toBe(false);
  });

  it('surfaces an abort before the response as the abort', async () => {
    api.enqueue({ content: [{ type: 'text', text: 'late' }], eventDelayMs: 200 });
    const controller = new AbortController();
    const pending = collectStreamParts(model(api).doStream(request(), controller.signal));
    setTimeout(() => controller.abort(), 20);
    const error = await pending.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBe(controller.signal.reason);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
