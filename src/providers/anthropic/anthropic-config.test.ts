// Loupe's lean client sends, byte for byte, what the SDK's full client sends for the same calls (a recording fetch).
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { createAnthropicClient } from './anthropic-config';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const sse = [
  'event: message_start',
  'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-haiku-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":3,"output_tokens":0}}}',
  '',
  'event: message_stop',
  'data: {"type":"message_stop"}',
  '',
  '',
].join('\n');

/** A fetch that keeps each request and answers what the path asks for: SSE, a token count or a page of models. */
function recordingFetch(): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    // Per-process values, not what the call sends.
    delete headers['x-stainless-timeout'];
    sent.push({
      method: init?.method ?? 'GET',
      url: href,
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const url = new URL(href);
    if (url.pathname === '/v1/messages')
      return Promise.resolve(new Response(sse, { headers: { 'content-type': 'text/event-stream' } }));
    if (url.pathname === '/v1/messages/count_tokens') return Promise.resolve(Response.json({ input_tokens: 12 }));
    return Promise.resolve(
      Response.json({
        data: [{ id: 'claude-haiku-4-5', display_name: 'Claude Haiku 4.5', type: 'model', created_at: '2025-10-01' }],
        has_more: false,
        first_id: 'claude-haiku-4-5',
        last_id: 'claude-haiku-4-5',
      }),
    );
  };
  return { fetch: fetchImpl, sent };
}

const config = { apiKey: 'sk-ant-same', baseUrl: 'http://127.0.0.1:1' };
const params = {
  model: 'claude-haiku-4-5',
  max_tokens: 100,
  system: 'Be brief.',
  messages: [{ role: 'user' as const, content: 'Hi' }],
  tools: [{ name: 'get', description: 'Get.', input_schema: { type: 'object' as const, properties: {} } }],
  thinking: { type: 'enabled' as const, budget_tokens: 1024 },
  stream: true as const,
};

/** The SDK's own full client, configured as `createAnthropicClient` configures Loupe's. */
function fullClient(fetchImpl: typeof fetch): Anthropic {
  return new Anthropic({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    dangerouslyAllowBrowser: true,
    maxRetries: 2,
    defaultHeaders: { 'X-Api-Key': config.apiKey, Authorization: null },
    fetch: fetchImpl,
  });
}

describe('the lean Anthropic client', () => {
  it('streams a message with the request messages.create sends, and reads the same events', async () => {
    const lean = recordingFetch();
    const full = recordingFetch();
    const signal = new AbortController().signal;
    const leanEvents = [];
    for await (const event of await createAnthropicClient({ ...config, fetch: lean.fetch }).createMessageStream(
      params,
      { signal },
    ))
      leanEvents.push(event);
    const fullEvents = [];
    for await (const event of await fullClient(full.fetch).messages.create(params, { signal })) fullEvents.push(event);
    expect(lean.sent).toHaveLength(1);
    expect(lean.sent).toEqual(full.sent);
    expect(lean.sent[0]?.headers['x-api-key']).toBe(config.apiKey);
    expect(lean.sent[0]?.headers).not.toHaveProperty('authorization');
    expect(leanEvents).toEqual(fullEvents);
    expect(leanEvents.map((event) => event.type)).toEqual(['message_start', 'message_stop']);
  });

  it('counts tokens with the request messages.countTokens sends', async () => {
    const lean = recordingFetch();
    const full = recordingFetch();
    const { max_tokens: _max, stream: _stream, ...countParams } = params;
    const counted = await createAnthropicClient({ ...config, fetch: lean.fetch }).countMessageTokens(countParams);
    await fullClient(full.fetch).messages.countTokens(countParams);
    expect(counted.input_tokens).toBe(12);
    expect(lean.sent).toEqual(full.sent);
  });

  it('lists models with the request models.list sends, paging the same way', async () => {
    const lean = recordingFetch();
    const full = recordingFetch();
    const leanIds = [];
    for await (const info of createAnthropicClient({ ...config, fetch: lean.fetch }).listModels({ limit: 100 }))
      leanIds.push(info.id);
    const fullIds = [];
    for await (const info of fullClient(full.fetch).models.list({ limit: 100 })) fullIds.push(info.id);
    expect(leanIds).toEqual(['claude-haiku-4-5']);
    expect(leanIds).toEqual(fullIds);
    expect(lean.sent).toEqual(full.sent);
    expect(lean.sent[0]?.url).toBe('http://127.0.0.1:1/v1/models?limit=100');
  });
});
