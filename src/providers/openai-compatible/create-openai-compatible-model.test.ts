import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../../e2e/fixtures/mock-openai-api';
import { type ModelRequest, type ModelStreamPart } from '../../engine/model/model';
import { createOpenAICompatibleModel, type OpenAICompatibleModelConfig } from './create-openai-compatible-model';
import { listOpenAICompatibleModels } from './list-openai-compatible-models';
import { collectStreamParts } from '../testing/collect-stream-parts';
import { expectModelError } from '../testing/expect-model-error';
import { helloRequest, weatherToolDefinition } from '../testing/hello-request';

const apiKey = 'sk-openai-test';
let api: MockOpenAIApi;
let byteApi: MockOpenAIApi;
let localApi: MockOpenAIApi;

beforeAll(async () => {
  [api, byteApi, localApi] = await Promise.all([
    startMockOpenAIApi({ apiKey }),
    startMockOpenAIApi({ apiKey, chunkBytes: 3 }),
    startMockOpenAIApi({ apiKey: 'unused', allowEmptyKey: true, models: [] }),
  ]);
});
afterEach(() => {
  for (const server of [api, byteApi, localApi]) server.reset();
});
afterAll(async () => {
  await Promise.all([api.close(), byteApi.close(), localApi.close()]);
});

const weatherTool = weatherToolDefinition;
const request = (overrides: Partial<ModelRequest> = {}): ModelRequest => helloRequest(256, overrides);

function model(server: MockOpenAIApi, extra: Partial<OpenAICompatibleModelConfig> = {}) {
  return createOpenAICompatibleModel({ apiKey, baseUrl: server.url, model: 'gpt-4o-mini', maxRetries: 0, ...extra });
}

const textOf = (parts: ModelStreamPart[]) =>
  parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');

describe('createOpenAICompatibleModel against the mock Chat Completions API', () => {
  it('streams text with usage from the last chunk, and sends the request as Chat Completions wants it', async () => {
    api.enqueue({
      content: 'Hi there ✓ Ünïcode',
      usage: { prompt_tokens: 50, completion_tokens: 7, cached_tokens: 20 },
    });
    const parts = await collectStreamParts(
      model(api).doStream(request({ system: 'Be brief.', temperature: 0.2 }), new AbortController().signal),
    );
    expect(textOf(parts)).toBe('Hi there ✓ Ünïcode');
    expect(parts[0]).toEqual({
      type: 'request-sent',
      request: {
        method: 'POST',
        url: `${api.url}/chat/completions`,
        headers: { 'content-type': 'application/json' },
        auth: { header: 'authorization', scheme: 'Bearer' },
        body: api.requests[0]?.body,
        response: { status: 200, requestId: 'req_mock_stream' },
      },
    });
    expect(JSON.stringify(parts[0])).not.toContain(apiKey);
    expect(parts[1]).toMatchObject({ type: 'response-start', model: 'gpt-4o-mini' });
    expect(parts.at(-1)).toEqual({
      type: 'response-end',
      stopReason: 'end_turn',
      usage: { inputTokens: 30, outputTokens: 7, cacheReadInputTokens: 20 },
    });
    const sent = api.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    expect(sent?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 256,
      temperature: 0.2,
    });
  });

  it.each([
    ['whole chunks', () => api],
    ['3-byte writes', () => byteApi],
  ])('reassembles parallel tool calls whose arguments stream in pieces (%s)', async (_label, server) => {
    const first = { city: 'Zürich', nested: { list: [1, 2, 3], flag: true } };
    server().enqueue({
      content: 'Two calls.',
      toolCalls: [
        { id: 'call_1', name: 'demo__weather_get', arguments: first },
        { id: 'call_2', name: 'demo__weather_get', arguments: { city: 'Oslo' } },
      ],
    });
    const parts = await collectStreamParts(
      model(server()).doStream(
        request({ tools: [weatherTool], toolChoice: { type: 'auto' } }),
        new AbortController().signal,
      ),
    );
    expect(parts).toContainEqual({ type: 'tool-use-start', index: 1, id: 'call_1', name: 'demo__weather_get' });
    expect(parts).toContainEqual({ type: 'tool-use-start', index: 2, id: 'call_2', name: 'demo__weather_get' });
    const json = (index: number) =>
      parts
        .flatMap((part) => (part.type === 'tool-input-delta' && part.index === index ? [part.partialJson] : []))
        .join('');
    expect(JSON.parse(json(1))).toEqual(first);
    expect(JSON.parse(json(2))).toEqual({ city: 'Oslo' });
    expect(parts.filter((part) => part.type === 'tool-input-delta').length).toBeGreaterThan(4);
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
    expect(server().requests[0]?.body).toMatchObject({
      tools: [{ type: 'function', function: { name: 'demo__weather_get', parameters: weatherTool.input_schema } }],
      tool_choice: 'auto',
    });
  });

  it('sends tool_choice none with the tools kept, for a final answer at a limit', async () => {
    await collectStreamParts(
      model(api).doStream(
        request({ tools: [weatherTool], toolChoice: { type: 'none' } }),
        new AbortController().signal,
      ),
    );
    expect(api.requests[0]?.body).toMatchObject({ tool_choice: 'none', tools: [{ type: 'function' }] });
  });

  it('sends a tool round trip the API accepts, with the tool image in a following user message', async () => {
    const messages: ModelRequest['messages'] = [
      { role: 'user', content: [{ type: 'text', text: 'Show me.' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_9', name: 'media__image', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call_9',
            content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } }],
          },
        ],
      },
    ];
    const parts = await collectStreamParts(
      model(api, { vision: true }).doStream(request({ messages }), new AbortController().signal),
    );
    expect(textOf(parts)).toContain('I was shown 1 image(s)');
    const body = api.requests[0]?.body as { messages: { role: string; content: unknown }[] };
    expect(body.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(JSON.stringify(body.messages[3]?.content)).toContain('data:image/png;base64,iVBOR');
  });

  it('works against a local server with an empty key: no Authorization header at all', async () => {
    const parts = await collectStreamParts(
      model(localApi, { apiKey: '' }).doStream(request(), new AbortController().signal),
    );
    expect(textOf(parts)).toContain('Mock reply');
    expect(localApi.requests[0]?.headers['authorization']).toBeUndefined();
  });

  it.each([
    [
      400,
      'invalid_request_error',
      "Invalid value for 'messages'",
      /refused the request as invalid.*Request: POST .*chat\/completions \(model gpt-4o-mini/,
    ],
    [401, 'invalid_request_error', 'Incorrect API key provided.', /key was refused.*Request: POST/],
    [403, 'permission_error', 'Country not supported', /not allowed.*Request: POST/],
    [404, 'invalid_request_error', 'The model `gpt-nope` does not exist', /model name or the base URL.*Request: POST/],
    [413, 'invalid_request_error', 'Request too large', /too large.*Request: POST/],
    [429, 'rate_limit_exceeded', 'Rate limit reached', /Rate limited/],
    [500, 'server_error', 'The server had an error', /server error/],
  ] as const)('turns HTTP %i into a plain ModelError', async (status, type, message, advice) => {
    api.enqueue({ error: { status, type, message } });
    const error = await expectModelError(
      collectStreamParts(model(api).doStream(request(), new AbortController().signal)),
    );
    expect(error.status).toBe(status);
    expect(error.errorType).toBe(type);
    expect(error.message).toMatch(advice);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain(apiKey);
  });

  it('retries 429 and 503 honouring retry-after, then streams', async () => {
    api.enqueue(
      { error: { status: 429, type: 'rate_limit_exceeded', message: 'Slow down', retryAfter: 1 } },
      { error: { status: 503, type: 'server_error', message: 'Busy', retryAfter: 0 } },
      { content: 'Back.' },
    );
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    const parts = await collectStreamParts(
      model(api, { maxRetries: 2, sleep }).doStream(request(), new AbortController().signal),
    );
    expect(textOf(parts)).toBe('Back.');
    expect(waits).toEqual([1000, 0]);
    expect(api.requests).toHaveLength(3);
  });

  it('really waits for retry-after with the default sleep', async () => {
    api.enqueue(
      { error: { status: 429, type: 'rate_limit_exceeded', message: 'Slow down', retryAfter: 1 } },
      { content: 'ok' },
    );
    const started = Date.now();
    await collectStreamParts(model(api, { maxRetries: 1 }).doStream(request(), new AbortController().signal));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not retry after the reply started streaming', async () => {
    api.enqueue({
      streamError: { message: 'The server had an error while processing your request.' },
      content: 'Partial answer',
    });
    const parts: ModelStreamPart[] = [];
    const error = await expectModelError(
      (async () => {
        for await (const part of model(api, { maxRetries: 2 }).doStream(request(), new AbortController().signal))
          parts.push(part);
      })(),
    );
    expect(textOf(parts)).toBe('Partial answer');
    expect(error.message).toMatch(/during the stream \(server_error\)/);
    expect(api.requests).toHaveLength(1);
  });

  it('does not retry a 400', async () => {
    api.enqueue({ error: { status: 400, message: 'bad' } });
    await expectModelError(
      collectStreamParts(model(api, { maxRetries: 2 }).doStream(request(), new AbortController().signal)),
    );
    expect(api.requests).toHaveLength(1);
  });

  it('says the endpoint could not be reached, with CORS advice', async () => {
    const error = await expectModelError(
      collectStreamParts(
        model(api, { baseUrl: 'http://127.0.0.1:1/v1' }).doStream(request(), new AbortController().signal),
      ),
    );
    expect(error.message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:1\/v1: .*CORS/);
  });

  it('surfaces an abort mid-stream as the abort itself', async () => {
    api.enqueue({ content: 'one two three four five six seven eight nine ten', eventDelayMs: 30 });
    const controller = new AbortController();
    const error = await (async () => {
      for await (const part of model(api).doStream(request(), controller.signal)) {
        if (part.type === 'text-delta') controller.abort();
      }
    })().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBe(controller.signal.reason);
  });
});

describe('listOpenAICompatibleModels', () => {
  it('lists the models of GET /models', async () => {
    const list = await listOpenAICompatibleModels({ apiKey, baseUrl: `${api.url}/` });
    expect(list).toEqual({
      models: ['gpt-4o', 'gpt-4o-mini', 'llama3.2:3b'].map((id) => ({ id, displayName: id })),
      fromFallback: false,
    });
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('asks the person to type the id when the endpoint has no list', async () => {
    const list = await listOpenAICompatibleModels({ apiKey: '', baseUrl: localApi.url });
    expect(list.fromFallback).toBe(true);
    expect(list.models).toEqual([]);
    expect(list.warning).toMatch(/type the model id.*404/);
  });
});
