// Loop policies seen from the page: a model that never stops ends at the round limit with a final answer;
// invalid arguments get an exact error and never reach the server; an unknown tool lists the real ones.
import type { Page } from '@playwright/test';
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { enqueue, mockRequests, setMockDefault } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';

const demo = localServerName(E2E_PORTS.demoServer);
const weather = `${demo}__weather_get`;

interface RecordedRequest {
  body: {
    tool_choice?: { type: string };
    tools?: { name: string }[];
    messages: { role: string; content: { type: string; is_error?: boolean; content?: { text?: string }[] }[] }[];
  };
}

async function setUp(page: Page, maxRounds: number): Promise<void> {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await openSidebarTab(page, 'Policies');
  await page.getByRole('spinbutton', { name: 'Max rounds' }).fill(String(maxRounds));
  await replaceDemoServer(page, e2eUrls.demoServer);
}

test('a model that never stops asking for tools ends at the round limit, visibly, with a final answer', async ({
  page,
}) => {
  await setMockDefault('tools-forever');
  await setUp(page, 3);
  await sendMessage(page, 'Keep checking the weather.');

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('limit:rounds');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(4);
  await expect(timeline.getByRole('note', { name: 'Limit reached' })).toContainText(
    'Round limit reached (3 rounds) — the loop stopped calling tools and asked the model for a final answer',
  );
  const final = timeline.getByRole('article', { name: 'Round 4' });
  await expect(final).toContainText('Final answer from what is known after 3 tool rounds.');
  await expect(final.getByRole('list', { name: 'Policies that acted' })).toContainText('final answer');

  const requests = await mockRequests<RecordedRequest>();
  expect(requests).toHaveLength(4);
  expect(requests[3]?.body.tool_choice).toEqual({ type: 'none' });
  expect(requests[3]?.body.tools?.map((tool) => tool.name)).toContain(weather);
  const lastUser = requests[3]?.body.messages.at(-1);
  expect(lastUser?.content.map((block) => block.type)).toEqual(['tool_result', 'text']);
});

test('"At a limit: Stop" from the Loop policies panel ends at the limit without another request', async ({ page }) => {
  await setMockDefault('tools-forever');
  await setUp(page, 2);
  await openSidebarTab(page, 'Policies');
  const panel = page.getByRole('region', { name: 'Loop policies' });
  await panel.getByRole('combobox', { name: 'At a limit' }).selectOption({ label: 'Stop' });
  await sendMessage(page, 'Keep checking the weather.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('limit:rounds');
  await expect(page.getByRole('note', { name: 'Limit reached' })).toContainText('the loop stopped');
  expect(await mockRequests<RecordedRequest>()).toHaveLength(2);
});

test('invalid arguments get an exact error and never reach the server; the corrected call runs', async ({ page }) => {
  await setUp(page, 5);
  await enqueue([
    { content: [{ type: 'tool_use', id: 'toolu_bad', name: weather, input: { city: 42 } }] },
    { content: [{ type: 'tool_use', id: 'toolu_good', name: weather, input: { city: 'Paris' } }] },
    { content: [{ type: 'text', text: 'It is mild in Paris.' }] },
  ]);
  await sendMessage(page, 'Weather in Paris?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const exact = `Invalid input for tool '${weather}': /city: Instance type "number" is invalid. Expected "string".`;
  const bad = page
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: `${weather} invalid-input` });
  await expect(bad).toContainText(exact);
  await expect(
    page.getByRole('article', { name: 'Round 2' }).getByRole('listitem', { name: `${weather} ok` }),
  ).toContainText('temperatureC');

  const requests = await mockRequests<RecordedRequest>();
  const sentBack = requests[1]?.body.messages.at(-1)?.content[0];
  expect(sentBack).toMatchObject({ type: 'tool_result', is_error: true, content: [{ type: 'text', text: exact }] });
});

test('an unknown tool gets an error result listing the real tools', async ({ page }) => {
  await setUp(page, 5);
  await enqueue([
    { content: [{ type: 'tool_use', id: 'toolu_x', name: 'get_forecast', input: { city: 'Paris' } }] },
    { content: [{ type: 'text', text: 'Sorry.' }] },
  ]);
  await sendMessage(page, 'Forecast?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(
    page.getByRole('article', { name: 'Round 1' }).getByRole('listitem', { name: 'get_forecast not-found' }),
  ).toContainText(`Tool 'get_forecast' is not available. Available tools: ${weather}, ${demo}__clothing_advise`);
});
