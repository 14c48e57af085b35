import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockModelIds, startMockMessagesApi, type MockMessagesApi } from '../../../e2e/fixtures/mock-messages-api';
import { fallbackAnthropicModels } from './fallback-anthropic-models';
import { listAnthropicModels } from './list-anthropic-models';

let api: MockMessagesApi;
beforeAll(async () => {
  api = await startMockMessagesApi({ apiKey: 'good-key' });
});
afterAll(() => api.close());

describe('listAnthropicModels', () => {
  it('lists the models the endpoint offers', async () => {
    const list = await listAnthropicModels({ apiKey: 'good-key', baseUrl: api.url });
    expect(list.fromFallback).toBe(false);
    expect(list.warning).toBeUndefined();
    expect(list.models.map((model) => model.id)).toEqual(mockModelIds);
    expect(list.models[0]?.displayName).toBe('Claude Sonnet 4.5');
    expect(api.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/models',
      headers: { 'x-api-key': 'good-key' },
    });
  });

  it('asks nothing and warns of nothing before there is a key', async () => {
    const before = api.requests.length;
    const list = await listAnthropicModels({ apiKey: ' ', baseUrl: api.url });
    expect(list).toEqual({ models: fallbackAnthropicModels, fromFallback: true });
    expect(api.requests).toHaveLength(before);
  });

  it('falls back with a plain warning when the key is refused', async () => {
    const list = await listAnthropicModels({ apiKey: 'bad-key', baseUrl: api.url });
    expect(list.fromFallback).toBe(true);
    expect(list.models).toEqual(fallbackAnthropicModels);
    expect(list.warning).toMatch(/Could not list the models .* built-in list .*API key was refused/);
  });

  it('falls back when the endpoint cannot be reached', async () => {
    const list = await listAnthropicModels({ apiKey: 'good-key', baseUrl: 'http://127.0.0.1:1' });
    expect(list.fromFallback).toBe(true);
    expect(list.warning).toContain('Could not reach http://127.0.0.1:1');
  });

  it('offers current Claude models in the fallback list', () => {
    expect(fallbackAnthropicModels.map((model) => model.id)).toContain('claude-sonnet-4-5');
    expect(fallbackAnthropicModels[0]).toEqual({ id: 'claude-sonnet-5-5', displayName: 'Claude Sonnet 5.5' });
  });
});
