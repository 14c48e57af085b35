// An agent builder's path: the Anthropic provider (through the real SDK, against the project's mock
// Messages API speaking real SSE), a server added by URL, a two-tool run, and the exported transcript.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import type { Page } from '@playwright/test';
import type { Transcript } from '../src/engine/transcript/transcript';
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { startImageRun } from './fixtures/image-run';
import { chooseMockAnthropic, MOCK_API_KEY as API_KEY } from './fixtures/choose-mock-anthropic';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { mockRequests } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';
import { openSidebarTab } from './fixtures/sidebar';
import { roundCall } from './fixtures/timeline';

const demo = localServerName(E2E_PORTS.demoServer);
const media = localServerName(E2E_PORTS.mediaServer);

async function useMockAnthropic(page: Page, apiKey = API_KEY): Promise<void> {
  await chooseMockAnthropic(page, apiKey);
  await openSidebarTab(page, 'Policies');
  await page.getByRole('spinbutton', { name: 'Max rounds' }).fill('6');
  await openSidebarTab(page, 'Settings');
}

interface RecordedRequest {
  headers: Record<string, string>;
  body: { messages: { role: string; content: { type: string; is_error?: boolean }[] }[]; tools?: { name: string }[] };
}

test('a two-tool run through the Anthropic provider, exported as a valid transcript', async ({ page }) => {
  await page.goto('/');
  await useMockAnthropic(page);
  await replaceDemoServer(page, e2eUrls.demoServer);

  await page.getByLabel('System prompt', { exact: true }).fill('You are a careful assistant.');
  await sendMessage(page, 'What should I wear in Paris today?');

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(roundCall(timeline, 1, new RegExp(`${demo}__weather_get`))).toContainText('ok');
  await expect(roundCall(timeline, 2, new RegExp(`${demo}__clothing_advise`))).toContainText('ok');
  // The mock's final answer quotes the tool results it received: the demo server's output reached the model.
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('temperatureC');

  const requests = await mockRequests<RecordedRequest>();
  expect(requests).toHaveLength(3);
  expect(requests[0]?.body.tools?.map((tool) => tool.name)).toEqual([
    `${demo}__weather_get`,
    `${demo}__clothing_advise`,
    `${demo}__weather_outlook`,
  ]);
  const lastMessages = requests[2]?.body.messages ?? [];
  expect(lastMessages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
  expect(lastMessages[4]?.content[0]?.type).toBe('tool_result');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^loupe-.*\.json$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).not.toContain(API_KEY);
  const transcript = JSON.parse(text) as Transcript;
  const schema = JSON.parse(readFileSync('docs/transcript.schema.json', 'utf8')) as Record<string, unknown>;
  const result = new Validator(schema, '2020-12', false).validate(transcript);
  expect(result.errors).toEqual([]);
  expect(transcript.system).toContain('You are a careful assistant.');
  expect(transcript.settings).toMatchObject({
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    baseUrl: e2eUrls.mockApi,
    maxRounds: 6,
  });
  expect(transcript.rounds.map((round) => round.toolCalls.map((call) => call.status))).toEqual([['ok'], ['ok'], []]);
  expect(transcript.messages).toHaveLength(6);
  expect(transcript.finishReason).toBe('end_turn');
});

test('a tool image shows in the timeline', async ({ page }) => {
  await page.goto('/');
  await useMockAnthropic(page);
  await startImageRun(page);
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const call = page
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: new RegExp(`${media}__image`) });
  await expect(call.getByRole('img', { name: /./ })).toBeVisible();
  const requests = await mockRequests<RecordedRequest>();
  const toolResult = requests[1]?.body.messages[2]?.content[0] as unknown as { content: { type: string }[] };
  expect(toolResult.content.map((block) => block.type)).toContain('image');
});

test('a refused API key ends the run with an alert that says what to do', async ({ page, pageErrors }) => {
  await page.goto('/');
  await useMockAnthropic(page, 'sk-ant-wrong-key');
  await sendMessage(page, 'Hello?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('error');
  await expect(page.getByRole('alert').filter({ hasText: /401/ })).toContainText(/key/i);
  // Chromium reports the refused request itself on the console; nothing else may be logged.
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 401/.test(error)));
});
