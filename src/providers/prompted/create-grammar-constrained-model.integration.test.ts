// "Constrain tool calls to the schemas" against the OpenAI-compatible mock, which checks the `grammar` field as
// llama-server does (a string, parseable GBNF, never beside `tools`).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../../e2e/fixtures/mock-openai-api';
import type { ModelRequest } from '../../engine/model/model';
import { createOpenAICompatibleModel } from '../openai-compatible/create-openai-compatible-model';
import { matchesGbnf, parseGbnf } from '../grammar/testing/gbnf-recognizer';
import { collectStreamParts } from '../testing/collect-stream-parts';
import { createGrammarConstrainedModel } from './create-grammar-constrained-model';

let api: MockOpenAIApi;
beforeAll(async () => {
  api = await startMockOpenAIApi({ models: [] });
});
afterEach(() => api.reset());
afterAll(async () => api.close());

const weather = {
  name: 'demo__weather_get',
  description: 'Current weather',
  input_schema: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { enum: ['celsius', 'fahrenheit'] } },
    required: ['city'],
  },
};

const request = (overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
  tools: [weather],
  maxTokens: 128,
  ...overrides,
});

const constrained = () =>
  createGrammarConstrainedModel(
    { provider: 'openai-compatible', modelId: 'tiny' },
    (grammar) =>
      createOpenAICompatibleModel({
        apiKey: '',
        baseUrl: api.url,
        model: 'tiny',
        ...(grammar === undefined ? {} : { grammar }),
      }),
    { createId: () => 'toolu_1' },
  );

function sentBody(index = 0): Record<string, unknown> {
  return api.requests.filter((entry) => entry.path === '/v1/chat/completions')[index]?.body as Record<string, unknown>;
}

describe('createGrammarConstrainedModel over an OpenAI-compatible server', () => {
  it('sends the grammar without tools, and the call that follows it comes back as a tool_use', async () => {
    const reply = '{"name": "demo__weather_get", "arguments": {"city": "Oslo", "unit": "celsius"}}';
    api.enqueue({ content: reply });
    const parts = await collectStreamParts(constrained().doStream(request(), new AbortController().signal));
    const body = sentBody();
    expect(body['tools']).toBeUndefined();
    expect(typeof body['grammar']).toBe('string');
    const rules = parseGbnf(String(body['grammar']));
    expect(matchesGbnf(rules, reply)).toBe(true);
    expect(matchesGbnf(rules, '{"name": "demo__weather_get", "arguments": {}}')).toBe(false);
    expect(JSON.stringify(body['messages'])).toContain('## Tools');
    expect(parts).toContainEqual(expect.objectContaining({ type: 'tool-use-start', name: 'demo__weather_get' }));
    expect(parts.find((part) => part.type === 'response-end')).toMatchObject({ stopReason: 'tool_use' });
  });

  it('sends no grammar when the round allows no tools', async () => {
    api.enqueue({ content: 'It is mild.' });
    await collectStreamParts(
      constrained().doStream(request({ toolChoice: { type: 'none' } }), new AbortController().signal),
    );
    expect(sentBody()['grammar']).toBeUndefined();
  });

  it('requires a call to the named tool when the round asks for one', async () => {
    api.enqueue({ content: '{"name": "demo__weather_get", "arguments": {"city": "Oslo"}}' });
    await collectStreamParts(
      constrained().doStream(
        request({ toolChoice: { type: 'tool', name: 'demo__weather_get' } }),
        new AbortController().signal,
      ),
    );
    expect(matchesGbnf(parseGbnf(String(sentBody()['grammar'])), 'plain text')).toBe(false);
  });

  it('the mock refuses a grammar beside tools, as llama-server does', async () => {
    const native = createOpenAICompatibleModel({
      apiKey: '',
      baseUrl: api.url,
      model: 'tiny',
      grammar: 'root ::= "x"',
      maxRetries: 0,
    });
    await expect(collectStreamParts(native.doStream(request(), new AbortController().signal))).rejects.toThrow(
      /Cannot use custom grammar constraints with tools/,
    );
  });
});
