// The adapter against a real llama.cpp llama-server's recorded answers (test/fixtures/llama-server/), replayed
// byte for byte over HTTP by the mock Chat Completions API: the server's dialect, not the mock's.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../../e2e/fixtures/mock-openai-api';
import type { ModelRequest, ModelStreamPart } from '../../engine/model/model';
import { collectStreamParts } from '../testing/collect-stream-parts';
import { expectModelError } from '../testing/expect-model-error';
import { createOpenAICompatibleModel } from './create-openai-compatible-model';

const recording = (name: string): string =>
  readFileSync(new URL(`../../../test/fixtures/llama-server/${name}`, import.meta.url), 'utf8');

let api: MockOpenAIApi;
let byteApi: MockOpenAIApi;

beforeAll(async () => {
  // Like llama-server: no key needed. The second writes 3-byte pieces, so every event is split mid-JSON.
  [api, byteApi] = await Promise.all([startMockOpenAIApi(), startMockOpenAIApi({ chunkBytes: 3 })]);
});
afterEach(() => {
  api.reset();
  byteApi.reset();
});
afterAll(async () => {
  await Promise.all([api.close(), byteApi.close()]);
});

const weatherTool = {
  name: 'demo__weather_get',
  description: 'Current weather',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

function request(): ModelRequest {
  return {
    messages: [{ role: 'user', content: [{ type: 'text', text: 'What should I wear in Oslo today?' }] }],
    tools: [weatherTool],
    maxTokens: 512,
  };
}

async function replay(server: MockOpenAIApi, file: string): Promise<ModelStreamPart[]> {
  server.enqueue({ replaySse: recording(file) });
  const model = createOpenAICompatibleModel({
    apiKey: '',
    baseUrl: server.url,
    model: 'model/scripted-qwen3-think.gguf',
    maxRetries: 0,
  });
  return collectStreamParts(model.doStream(request(), new AbortController().signal));
}

const thinkingOf = (parts: ModelStreamPart[]) =>
  parts.flatMap((part) => (part.type === 'thinking-delta' ? [part.thinking] : [])).join('');

describe('the adapter replaying llama-server recordings', () => {
  const reasoning = 'Plan - fetch current forecast first; afterwards ask which garments suit it';

  for (const [file, style] of [
    ['sse-think-turn1.txt', 'delta.reasoning_content (llama.cpp, DeepSeek)'],
    ['sse-think-turn1-reasoning.txt', 'delta.reasoning (vLLM, Ollama)'],
  ] as const) {
    for (const server of ['whole events', '3-byte pieces'] as const) {
      it(`maps ${style} to one thinking block before the call, with no text block for the "\\n" (${server})`, async () => {
        const parts = await replay(server === 'whole events' ? api : byteApi, file);
        const blocks = parts.flatMap((part) =>
          part.type === 'thinking-start' || part.type === 'text-start' || part.type === 'tool-use-start'
            ? [[part.type, part.index]]
            : [],
        );
        expect(blocks).toEqual([
          ['thinking-start', 0],
          ['tool-use-start', 1],
        ]);
        expect(thinkingOf(parts)).toBe(reasoning);
        expect(parts.some((part) => part.type === 'text-delta')).toBe(false);
        // The thinking block ends before the call starts, so the UI shows it whole while the call streams.
        const thinkingEnd = parts.findIndex((part) => part.type === 'block-end' && part.index === 0);
        const callStart = parts.findIndex((part) => part.type === 'tool-use-start');
        expect(thinkingEnd).toBeGreaterThan(-1);
        expect(thinkingEnd).toBeLessThan(callStart);
        expect(parts.find((part) => part.type === 'tool-use-start')).toEqual({
          type: 'tool-use-start',
          index: 1,
          id: '3yGuLHFEKFYoDpufbBX8we4o0vqZlejH',
          name: 'demo__weather_get',
        });
        const json = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.partialJson] : [])).join('');
        expect(JSON.parse(json)).toEqual({ city: 'Oslo' });
        expect(parts.at(-1)).toEqual({
          type: 'response-end',
          stopReason: 'tool_use',
          usage: { inputTokens: 282, outputTokens: 36, cacheReadInputTokens: 0 },
        });
      });
    }
  }

  it('reads round 1: a call whose arguments arrive split mid-string, usage from the choices-less last chunk', async () => {
    const parts = await replay(api, 'sse-turn1.txt');
    expect(parts.filter((part) => part.type !== 'tool-input-delta' && part.type !== 'request-sent')).toEqual([
      { type: 'response-start', id: 'chatcmpl-OO7vGOaTFFpOjiAEnxHkIS7m9ZVv0h0V', model: 'model/scripted-qwen2.gguf' },
      { type: 'tool-use-start', index: 0, id: 'K1uAfHf60aYpid3zeXwRItpedesp0Nlm', name: 'demo__weather_get' },
      { type: 'block-end', index: 0 },
      {
        type: 'response-end',
        stopReason: 'tool_use',
        usage: { inputTokens: 298, outputTokens: 20, cacheReadInputTokens: 0 },
      },
    ]);
    const json = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.partialJson] : [])).join('');
    expect(json).toBe('{"city":"Oslo"}');
  });

  it('reads round 2: cached prompt tokens move from input to cache reads', async () => {
    const parts = await replay(byteApi, 'sse-turn2.txt');
    const json = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.partialJson] : [])).join('');
    expect(JSON.parse(json)).toEqual({ temperatureC: 24, conditions: 'cloudy' });
    expect(parts.at(-1)).toEqual({
      type: 'response-end',
      stopReason: 'tool_use',
      usage: { inputTokens: 62, outputTokens: 28, cacheReadInputTokens: 299 },
    });
  });

  it('reads a grammar-forced call from a stream without a usage chunk', async () => {
    const parts = await replay(api, 'sse-get-weather.txt');
    expect(parts.find((part) => part.type === 'tool-use-start')).toMatchObject({ name: 'get_weather' });
    expect(parts.at(-1)).toEqual({
      type: 'response-end',
      stopReason: 'tool_use',
      usage: { inputTokens: 0, outputTokens: 0 },
    });
  });

  it('maps the recorded 400 exceed_context_size_error to an error with its figures and what helps', async () => {
    api.enqueue({ replayHttp: recording('err-too-long.txt') });
    const model = createOpenAICompatibleModel({ apiKey: '', baseUrl: api.url, model: 'qwen3', maxRetries: 2 });
    const error = await expectModelError(collectStreamParts(model.doStream(request(), new AbortController().signal)));
    expect(error.status).toBe(400);
    expect(error.errorType).toBe('exceed_context_size_error');
    expect(error.message).toMatch(
      /^The request does not fit the model's context: it is 6,030 tokens and the context holds 4,096 tokens, 1,934 tokens too many\. \(HTTP 400, exceed_context_size_error: request \(6030 tokens\) exceeds the available context size \(4096 tokens\), try increasing it\) Request: POST /,
    );
    // A 400 is the request's fault: never retried.
    expect(api.requests).toHaveLength(1);
  });
});
