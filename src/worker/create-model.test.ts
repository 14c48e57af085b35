import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../e2e/fixtures/mock-openai-api';
import type { ModelStreamPart } from '../engine/model/model';
import { createModel, listModels } from './create-model';

let api: MockOpenAIApi;
beforeAll(async () => {
  api = await startMockOpenAIApi();
});
afterAll(() => api.close());

const tools = [{ name: 'get', description: 'Get.', input_schema: { type: 'object', properties: {} } }];
const request = {
  messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }],
  tools,
  maxTokens: 50,
};

async function drain(iterable: AsyncIterable<ModelStreamPart>): Promise<void> {
  for await (const _part of iterable) {
    // Only the request the model sent matters here.
  }
}

describe('createModel for OpenAI-compatible endpoints', () => {
  it('sends native tools by default, and none (tools in the system prompt) on the prompted track', async () => {
    const base = { kind: 'openai-compatible' as const, apiKey: '', baseUrl: api.url, model: 'llama3.2:3b' };
    await drain(createModel(base).doStream(request, new AbortController().signal));
    const prompted = createModel({ ...base, capabilities: { tools: 'prompted', vision: false, thinking: false } });
    await drain(prompted.doStream(request, new AbortController().signal));
    const [native, wrapped] = api.requests.map(
      (entry) => entry.body as { tools?: unknown; messages: { content: string }[] },
    );
    expect(native?.tools).toEqual([expect.objectContaining({ type: 'function' })]);
    expect(wrapped?.tools).toBeUndefined();
    expect(wrapped?.messages[0]?.content).toContain('## Tools');
    expect(prompted.provider).toBe('openai-compatible');
  });

  it('sends thinking back as reasoning_content only when the capability says so', async () => {
    api.reset();
    const history = {
      ...request,
      messages: [
        ...request.messages,
        {
          role: 'assistant' as const,
          content: [
            { type: 'thinking' as const, thinking: 'Plan.', signature: '' },
            { type: 'text' as const, text: 'Hello.' },
          ],
        },
        { role: 'user' as const, content: [{ type: 'text' as const, text: 'Again' }] },
      ],
    };
    const base = { kind: 'openai-compatible' as const, apiKey: '', baseUrl: api.url, model: 'qwen3' };
    const capabilities = { tools: 'native' as const, vision: false, thinking: false };
    await drain(createModel({ ...base, capabilities }).doStream(history, new AbortController().signal));
    // The mock refuses unknown assistant fields (as strict servers do), so this one is only read from the request.
    const on = createModel({ ...base, capabilities: { ...capabilities, sendReasoning: true } });
    await expect(drain(on.doStream(history, new AbortController().signal))).rejects.toThrow(/reasoning_content/);
    const [sentOff, sentOn] = api.requests.map(
      (entry) => (entry.body as { messages: Record<string, unknown>[] }).messages[1],
    );
    expect(sentOff).toEqual({ role: 'assistant', content: 'Hello.' });
    expect(sentOn).toEqual({ role: 'assistant', content: 'Hello.', reasoning_content: 'Plan.' });
  });

  it('constrains calls with a grammar and the prompted track when the capability says so', async () => {
    api.reset();
    const base = { kind: 'openai-compatible' as const, apiKey: '', baseUrl: api.url, model: 'qwen2.5' };
    const capabilities = { tools: 'native' as const, vision: false, thinking: false, constrainToolCalls: true };
    await drain(createModel({ ...base, capabilities }).doStream(request, new AbortController().signal));
    const sent = api.requests[0]?.body as { tools?: unknown; grammar?: unknown; messages: { content: string }[] };
    expect(sent.tools).toBeUndefined();
    expect(sent.grammar).toEqual(expect.stringContaining('"\\"get\\""'));
    expect(sent.messages[0]?.content).toContain('## Tools');
  });

  it('lists the endpoint’s models', async () => {
    const list = await listModels({ kind: 'openai-compatible', apiKey: '', baseUrl: api.url, model: '' });
    expect(list.models.map((model) => model.id)).toContain('gpt-4o-mini');
  });
});
