// An agent builder on any OpenAI-compatible endpoint: the project's mock Chat Completions API (real SSE)
// stands in for OpenAI / Ollama. The same MCP loop runs to its end, tool images reach a vision model in a
// user message, a model without tool calling uses the prompted track, and costs come from the price table.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import type { Page } from '@playwright/test';
import type { Transcript } from '../src/engine/transcript/transcript';
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { runToEnd } from './fixtures/run-message';
import { roundCall } from './fixtures/timeline';

const mock = e2eUrls.mockOpenAIApi;
const media = localServerName(E2E_PORTS.mediaServer);

interface WireMessage {
  role: string;
  content: unknown;
  tool_calls?: { id: string; function: { name: string } }[];
}
interface RecordedRequest {
  path: string;
  headers: Record<string, string>;
  body: {
    messages: WireMessage[];
    tools?: { function: { name: string } }[];
    stream_options?: unknown;
    tool_choice?: unknown;
  };
}

async function mockRequests(): Promise<RecordedRequest[]> {
  const all = (await (await fetch(`${mock.replace(/\/v1$/, '')}/__mock/requests`)).json()) as RecordedRequest[];
  return all.filter((request) => request.path === '/v1/chat/completions');
}

async function enqueue(...replies: unknown[]): Promise<void> {
  await fetch(`${mock.replace(/\/v1$/, '')}/__mock/enqueue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(replies),
  });
}

test.beforeEach(async () => {
  await fetch(`${mock.replace(/\/v1$/, '')}/__mock/reset`, { method: 'POST' });
});

/** Picks the OpenAI-compatible provider against the mock, with no key (like Ollama or LM Studio). */
async function useMockEndpoint(page: Page, model: string): Promise<void> {
  await openSidebarTab(page, 'Settings');
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
  await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://api.openai.com/v1');
  await page.getByRole('textbox', { name: 'Base URL' }).fill(mock);
  await page.getByRole('button', { name: 'Refresh models' }).click();
  await expect(page.getByRole('button', { name: 'Refresh models' })).toBeEnabled();
  await expect(page.getByText(/Could not list the models/)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Model' }).fill(model);
}

test('the MCP loop runs to its end through a keyless endpoint, with costs, and exports a valid transcript', async ({
  page,
}) => {
  await openWithDemoConnected(page);
  await useMockEndpoint(page, 'gpt-4o-mini');
  // Fixed usage, so the cost can be checked by hand (docs/decisions/cost-check.md).
  await enqueue(
    {
      content: 'Checking the weather.',
      toolCalls: [{ name: 'demo__weather_get', arguments: { city: 'Paris' } }],
      usage: { prompt_tokens: 1200, completion_tokens: 40 },
    },
    {
      toolCalls: [{ name: 'demo__clothing_advise', arguments: { temperatureC: 18, conditions: 'sunny' } }],
      usage: { prompt_tokens: 1450, completion_tokens: 55, cached_tokens: 1024 },
    },
    {
      content: 'The tools said temperatureC is mild: wear a light jacket.',
      usage: { prompt_tokens: 1700, completion_tokens: 120, cached_tokens: 1280 },
    },
  );
  await runToEnd(page, 'What should I wear in Paris today?');

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(roundCall(timeline, 1, /demo__weather_get/)).toContainText('ok');
  await expect(roundCall(timeline, 2, /demo__clothing_advise/)).toContainText('ok');
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('light jacket');
  // gpt-4o-mini at $0.15 in / $0.60 out / $0.075 cached per million tokens, worked out by hand.
  const round1 = timeline.getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText('tokens 1,200 in / 40 out');
  await expect(round1).toContainText('cost $0.00020');
  await expect(round1).toContainText('context 1% of 128k');
  const round2 = timeline.getByRole('article', { name: 'Round 2' });
  await expect(round2).toContainText('tokens 426 in / 55 out');
  await expect(round2).toContainText('cache 0 write / 1,024 read');
  await expect(round2).toContainText('cost $0.00017');
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('cost $0.00023');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('$0.00061');

  const requests = await mockRequests();
  expect(requests).toHaveLength(3);
  // Every tool call was answered by a tool message with its id.
  const callIds = requests.flatMap((request) =>
    request.body.messages.flatMap((message) => message.tool_calls?.map((call) => call.id) ?? []),
  );
  const answered = (requests[2]?.body.messages ?? []).flatMap((message) =>
    message.role === 'tool' ? [(message as unknown as { tool_call_id: string }).tool_call_id] : [],
  );
  expect(new Set(answered)).toEqual(new Set(callIds));
  expect(requests[0]?.headers['authorization']).toBeUndefined();
  expect(requests[0]?.body.stream_options).toEqual({ include_usage: true });
  expect(requests[0]?.body.tools?.map((tool) => tool.function.name)).toEqual([
    'demo__weather_get',
    'demo__clothing_advise',
    'demo__weather_outlook',
  ]);
  const last = requests[2]?.body.messages ?? [];
  expect(last.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = JSON.parse(readFileSync(await (await downloadPromise).path(), 'utf8')) as Transcript;
  const schema = JSON.parse(readFileSync('docs/transcript.schema.json', 'utf8')) as Record<string, unknown>;
  expect(new Validator(schema, '2020-12', false).validate(transcript).errors).toEqual([]);
  expect(transcript.settings).toMatchObject({
    provider: 'openai-compatible',
    model: 'gpt-4o-mini',
    baseUrl: mock,
    capabilities: { tools: 'native', vision: true, thinking: false, contextWindow: 128_000 },
    price: { input: 0.15, output: 0.6, cacheRead: 0.075 },
  });
  expect(transcript.rounds.map((round) => round.toolCalls.map((call) => call.status))).toEqual([['ok'], ['ok'], []]);
  expect(transcript.rounds.map((round) => round.response?.usage)).toEqual([
    { inputTokens: 1200, outputTokens: 40, cacheReadInputTokens: 0 },
    { inputTokens: 426, outputTokens: 55, cacheReadInputTokens: 1024 },
    { inputTokens: 420, outputTokens: 120, cacheReadInputTokens: 1280 },
  ]);
});

test('a tool image reaches a vision model in a user message, and a placeholder line reaches a text-only one', async ({
  page,
}) => {
  await page.goto('/');
  await useMockEndpoint(page, 'gpt-4o');
  await replaceDemoServer(page, e2eUrls.mediaServer);

  const imageCall = { toolCalls: [{ id: 'call_img_1', name: `${media}__image`, arguments: {} }] };
  const answer = { content: 'A single red pixel.' };
  await enqueue(imageCall, answer);
  await runToEnd(page, 'Show me the picture.');
  const round1 = page.getByRole('article', { name: 'Round 1' });
  await expect(
    round1.getByRole('listitem', { name: new RegExp(`${media}__image`) }).getByRole('img', { name: /./ }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: 'Round 2' })).toContainText('A single red pixel.');
  let messages = (await mockRequests())[1]?.body.messages ?? [];
  expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
  expect(messages[3]?.content).toBe('A red pixel:\n[image: sent in the next user message]');
  expect(messages[4]?.content).toEqual([
    { type: 'text', text: `An image returned by ${media}__image (call call_img_1):` },
    { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) as unknown as string } },
  ]);

  await openSidebarTab(page, 'Settings');
  await page.getByText('Model capabilities').click();
  await page.getByRole('checkbox', { name: 'Vision: the model reads images' }).uncheck();
  await fetch(`${mock.replace(/\/v1$/, '')}/__mock/reset`, { method: 'POST' });
  await enqueue(imageCall, answer);
  await runToEnd(page, 'Show me the picture again.');
  messages = (await mockRequests())[1]?.body.messages ?? [];
  expect(JSON.stringify(messages)).not.toContain('image_url');
  expect(messages.at(-1)).toEqual({
    role: 'user',
    content: `[An image returned by ${media}__image (call call_img_1) not shown: this model does not read images.]`,
  });
});

test('a model without tool calling runs the loop on the prompted track, and a rejected reply says why', async ({
  page,
}) => {
  await openWithDemoConnected(page);
  await useMockEndpoint(page, 'llama3.2:3b');
  await openSidebarTab(page, 'Settings');
  await page.getByText('Model capabilities').click();
  await page.getByRole('combobox', { name: 'Tool calling' }).selectOption('prompted');

  await enqueue(
    { content: '```json\n{"name": "demo__weather_get", "arguments": {"city": "Paris"}}\n```' },
    { content: '{"name": "demo__forecast", "arguments": {"city": "Paris"}}' },
  );
  await runToEnd(page, 'What is the weather in Paris?');

  const round1 = page.getByRole('article', { name: 'Round 1' });
  await expect(round1.getByRole('listitem', { name: /demo__weather_get/ })).toContainText('ok');
  const round2 = page.getByRole('article', { name: 'Round 2' });
  await expect(round2.getByRole('list', { name: 'Notices' })).toContainText(
    'The reply looked like a tool call but was taken as text: there is no tool "demo__forecast"',
  );
  // No price for a local model: tokens only.
  await expect(page.getByRole('status', { name: 'Run status' })).not.toContainText('$');

  const requests = await mockRequests();
  expect(requests[0]?.body.tools).toBeUndefined();
  expect(JSON.stringify(requests[0]?.body.messages[0])).toContain('## Tools');
  const second = requests[1]?.body.messages ?? [];
  expect(second.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
  expect(second[2]?.content).toBe('{"name":"demo__weather_get","arguments":{"city":"Paris"}}');
  expect(String(second[3]?.content)).toMatch(/^Result of demo__weather_get \(call toolu_prompted_\w+\):\n\{/);
});
