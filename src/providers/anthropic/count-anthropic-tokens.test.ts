// countTokens through the real SDK against the project's mock Messages API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../../e2e/fixtures/mock-messages-api';
import { ModelError } from '../../engine/model/model';
import type { ModelRequest } from '../../engine/model/model';
import { createAnthropicModel } from './create-anthropic-model';

const key = 'sk-ant-count';
let api: MockMessagesApi;
beforeAll(async () => {
  api = await startMockMessagesApi({ apiKey: key });
});
afterAll(() => api.close());

const request: ModelRequest = {
  system: 'Be brief.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'What should I wear in Paris?' }] }],
  tools: [{ name: 'weather', description: 'Weather', input_schema: { type: 'object', properties: {} } }],
  maxTokens: 100,
};

describe('Anthropic countTokens', () => {
  it('asks POST /v1/messages/count_tokens with the request as it would be sent, without max_tokens or stream', async () => {
    const model = createAnthropicModel({ apiKey: key, baseUrl: api.url, model: 'claude-haiku-4-5' });
    const tokens = await model.countTokens?.(request, new AbortController().signal);
    expect(tokens).toBeGreaterThan(0);
    const recorded = api.requests.find((entry) => entry.path === '/v1/messages/count_tokens');
    expect(recorded?.body).toMatchObject({ model: 'claude-haiku-4-5', tools: [{ name: 'weather' }] });
    expect(recorded?.body).not.toHaveProperty('max_tokens');
    expect(recorded?.body).not.toHaveProperty('stream');
  });

  it('fails with a ModelError in plain words on a bad key', async () => {
    const model = createAnthropicModel({ apiKey: 'sk-ant-wrong', baseUrl: api.url, model: 'claude-haiku-4-5' });
    await expect(model.countTokens?.(request, new AbortController().signal)).rejects.toBeInstanceOf(ModelError);
  });
});
