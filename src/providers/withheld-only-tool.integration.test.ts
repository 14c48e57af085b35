// The retry budget withholds a run's only tool while the history holds its tool_use blocks: each provider, through
// its real adapter, still gets a request its API accepts (the mocks refuse what the real APIs refuse: the Messages
// API a history with tool blocks and no tools, both APIs a tool choice without tools).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../e2e/fixtures/mock-openai-api';
import type { Model } from '../engine/model/model';
import { runToolLoop } from '../engine/run/run-tool-loop';
import { collectRun } from '../engine/testing/collect-run';
import { createFakeEnvironment } from '../engine/testing/fake-environment';
import { findRunProblems } from '../engine/testing/find-run-problems';
import { createInMemoryTool } from '../engine/testing/in-memory-tool';
import { createTestValidator } from '../engine/testing/policy-test-kit';
import { createAnthropicModel } from './anthropic/create-anthropic-model';
import { createOpenAICompatibleModel } from './openai-compatible/create-openai-compatible-model';

let anthropic: MockMessagesApi;
let openai: MockOpenAIApi;
beforeAll(async () => {
  [anthropic, openai] = await Promise.all([startMockMessagesApi({ apiKey: 'k' }), startMockOpenAIApi()]);
});
afterAll(async () => {
  await Promise.all([anthropic.close(), openai.close()]);
});

/** One bad call (no `city`) uses up a budget of 1: the next round has every tool withheld. */
async function runWithBudgetOfOne(model: Model) {
  const weather = createInMemoryTool({
    name: 'weather',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    run: () => 'Sunny',
  });
  const handle = runToolLoop({
    model,
    tools: [weather],
    history: [],
    userMessage: { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
    environment: createFakeEnvironment(),
    validateInput: createTestValidator().factory,
    policies: { retryBudget: 1 },
  });
  return collectRun(handle);
}

describe('the only tool withheld, with tool_use blocks in the history', () => {
  it('Anthropic: the tool stays defined with tool_choice none, and the API takes the request', async () => {
    anthropic.enqueue(
      { content: [{ type: 'tool_use', id: 'toolu_bad', name: 'weather', input: { days: 1 } }] },
      { content: [{ type: 'text', text: 'I could not get the weather.' }] },
    );
    const model = createAnthropicModel({ apiKey: 'k', baseUrl: anthropic.url, model: 'claude-x', maxRetries: 0 });
    const { events, result } = await runWithBudgetOfOne(model);
    expect(result.finishReason).toBe('end_turn');
    const second = anthropic.requests.filter((request) => request.path === '/v1/messages')[1]?.body as {
      tools?: { name: string }[];
      tool_choice?: unknown;
    };
    expect(second.tools?.map((tool) => tool.name)).toEqual(['weather']);
    expect(second.tool_choice).toEqual({ type: 'none' });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('OpenAI-compatible: the tool stays defined with tool_choice "none", and the API takes the request', async () => {
    openai.enqueue({ toolCalls: [{ id: 'call_bad', name: 'weather', arguments: { days: 1 } }] }, { content: 'No.' });
    const model = createOpenAICompatibleModel({
      apiKey: 'k',
      baseUrl: openai.url,
      model: 'gpt-4o-mini',
      maxRetries: 0,
    });
    const { events, result } = await runWithBudgetOfOne(model);
    expect(result.finishReason).toBe('end_turn');
    const second = openai.requests.filter((request) => request.path.endsWith('/chat/completions'))[1]?.body as {
      tools?: { function: { name: string } }[];
      tool_choice?: unknown;
    };
    expect(second.tools?.map((tool) => tool.function.name)).toEqual(['weather']);
    expect(second.tool_choice).toBe('none');
    expect(findRunProblems(events, result)).toEqual([]);
  });
});
