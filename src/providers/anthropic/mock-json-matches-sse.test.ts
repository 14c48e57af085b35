// The mock Messages API speaks the API's own blocks the same way in JSON and in SSE: for each kind of reply, the
// JSON answer equals what the SDK's own stream accumulator builds from the SSE answer (so the shapes are the SDK's).
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../../e2e/fixtures/mock-messages-api';
import type { MockMessageReply } from '../../../e2e/fixtures/mock-messages-api-types';
import {
  codeExecutionWithProgrammaticCall,
  compactionReply,
  contextManagementReply,
  mcpConnectorReply,
  toolSearchReply,
  unknownBlockReply,
  webFetchReply,
  webSearchWithPauseTurn,
} from '../../../e2e/fixtures/mock-server-tool-replies';

let api: MockMessagesApi;
beforeAll(async () => {
  api = await startMockMessagesApi();
});
afterAll(() => api.close());

const replies: [string, () => MockMessageReply][] = [
  ['web search paused, with citations', () => webSearchWithPauseTurn()[0] as MockMessageReply],
  ['the cited answer after it', () => webSearchWithPauseTurn()[1] as MockMessageReply],
  ['web fetch', webFetchReply],
  ['code execution with a call from code', () => codeExecutionWithProgrammaticCall('calc', { x: 2 })[0]!],
  ['code execution results', () => codeExecutionWithProgrammaticCall('calc', { x: 2 })[1]!],
  ['tool search', () => toolSearchReply('weather', ['a', 'b'])],
  ['MCP connector', () => mcpConnectorReply('docs')],
  ['context management', contextManagementReply],
  ['compaction', compactionReply],
  ['a block type no SDK knows', unknownBlockReply],
];

describe('the mock in JSON and in SSE', () => {
  it.each(replies)('%s: the JSON reply is what the SDK accumulates from the stream', async (_, make) => {
    const client = new Anthropic({ apiKey: 'k', baseURL: api.url, maxRetries: 0 });
    const params = { model: 'claude-x', max_tokens: 100, messages: [{ role: 'user' as const, content: 'Go.' }] };
    api.enqueue(make(), make());
    const whole = await client.messages.create(params);
    const streamed = await client.beta.messages.stream(params).finalMessage();
    expect(streamed.content).toEqual(whole.content);
    expect(streamed.stop_reason).toBe(whole.stop_reason);
    expect(whole.content.length).toBeGreaterThan(0);
  });
});
