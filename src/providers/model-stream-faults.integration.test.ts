// A model reply whose connection drops mid-stream, through a TCP fault proxy in front of the mock Messages API and
// the mock OpenAI API (both speak the real wire formats): the error says so plainly, keeps what arrived, and is
// typed so the UI offers Retry round instead of "check the settings".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../e2e/fixtures/mock-openai-api';
import { startFaultProxy, type FaultProxy } from '../../test/support/fault-proxy';
import { ModelError, STREAM_LOST_ERROR_TYPE, type ModelRequest, type ModelStreamPart } from '../engine/model/model';
import { createAnthropicModel } from './anthropic/create-anthropic-model';
import { createOpenAICompatibleModel } from './openai-compatible/create-openai-compatible-model';

const request: ModelRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  tools: [],
  maxTokens: 64,
};

/** The parts a stream gave before it failed, and its error. */
async function partsUntilError(stream: AsyncIterable<ModelStreamPart>) {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of stream) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  throw new Error('expected the stream to fail');
}

const textOf = (parts: readonly ModelStreamPart[]) =>
  parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');

describe('Anthropic: the connection drops mid-reply', () => {
  let api: MockMessagesApi;
  let proxy: FaultProxy;
  beforeEach(async () => {
    api = await startMockMessagesApi({ apiKey: 'k' });
    proxy = await startFaultProxy(Number(new URL(api.url).port));
  });
  afterEach(async () => {
    await proxy.close();
    await api.close();
  });

  it.each(['cut', 'reset'] as const)('%s: fails as stream_lost, keeping the text that arrived', async (kind) => {
    // Held after its first text delta: the proxy cuts a stream that is known to be mid-reply.
    api.enqueue({ content: [{ type: 'text', text: 'Partial answer' }], holdAfterEvents: 4 });
    const model = createAnthropicModel({
      apiKey: 'k',
      baseUrl: proxy.url(''),
      model: 'claude-haiku-4-5',
      maxRetries: 0,
    });
    const heldNow = async () => {
      const response = await fetch(`${api.url}/__mock/held`, { method: 'POST', headers: { 'x-api-key': 'k' } });
      return ((await response.json()) as { held: number }).held;
    };
    const failing = partsUntilError(model.doStream(request, new AbortController().signal));
    await expect.poll(heldNow).toBe(1);
    proxy.strike({ kind });
    const { parts, error } = await failing;
    expect(textOf(parts)).toBe('Partial answer');
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).errorType).toBe(STREAM_LOST_ERROR_TYPE);
    expect((error as ModelError).message).toMatch(
      /^The reply from http:\/\/127\.0\.0\.1:\d+ broke off mid-stream: the connection was lost \(.+\)\. What arrived is kept; Retry round sends the same request again\.$/,
    );
    expect((error as ModelError).message).not.toMatch(/settings/i);
  });

  it('answers 502 from the proxy as the API erroring, not as a lost stream', async () => {
    proxy.arm({ kind: 'status', status: 502 }, { at: 'request' });
    const model = createAnthropicModel({
      apiKey: 'k',
      baseUrl: proxy.url(''),
      model: 'claude-haiku-4-5',
      maxRetries: 0,
    });
    const { error } = await partsUntilError(model.doStream(request, new AbortController().signal));
    expect((error as ModelError).status).toBe(502);
    expect((error as ModelError).errorType).not.toBe(STREAM_LOST_ERROR_TYPE);
  });
});

describe('OpenAI-compatible: the connection drops mid-reply', () => {
  let api: MockOpenAIApi;
  let proxy: FaultProxy;
  beforeEach(async () => {
    api = await startMockOpenAIApi();
    proxy = await startFaultProxy(Number(new URL(api.url).port));
  });
  afterEach(async () => {
    await proxy.close();
    await api.close();
  });

  it('fails as stream_lost after the first bytes of the reply', async () => {
    // Chunks 50 ms apart: the proxy cuts right after passing on the first piece the server wrote.
    api.enqueue({ content: 'A long partial answer', eventDelayMs: 50 });
    proxy.arm({ kind: 'cut' }, { match: '/chat/completions', at: 'response' });
    const model = createOpenAICompatibleModel({
      apiKey: 'k',
      baseUrl: proxy.url('/v1'),
      model: 'gpt-4o-mini',
      maxRetries: 0,
    });
    const { error } = await partsUntilError(model.doStream(request, new AbortController().signal));
    expect((error as ModelError).errorType).toBe(STREAM_LOST_ERROR_TYPE);
    expect((error as ModelError).message).toMatch(/broke off mid-stream: the connection was lost/);
  });
});
