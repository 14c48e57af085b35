// Provider limits act at Run (issue 39 item 2): 150 tools against the OpenAI-compatible provider's 128 — Run sends
// nothing and shows the rule with its one-click fix; after the fix the next Run sends 128 tools.
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { mockOpenAIRoot, mockRequests, resetMock } from './fixtures/mock-control';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { sendMessage } from './fixtures/run-message';
import { openSidebarTab } from './fixtures/sidebar';

interface RecordedRequest {
  path: string;
  body: { tools?: unknown[] };
}

test.beforeEach(async () => {
  await resetMock(mockOpenAIRoot);
});

test('Run with 150 tools on the OpenAI-compatible provider sends nothing and offers the fix; fixed, it runs', async ({
  page,
}) => {
  await page.goto('/');
  await replaceDemoServer(page, e2eUrls.manyToolsServer);
  await openSidebarTab(page, 'Settings');
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
  await page.getByRole('textbox', { name: 'Base URL' }).fill(e2eUrls.mockOpenAIApi);
  await page.getByRole('combobox', { name: 'Model' }).fill('gpt-4o-mini');

  await sendMessage(page, 'Use the tools.');
  const refused = page.getByRole('alert', { name: 'Run refused' });
  await expect(refused).toContainText('Nothing was sent: the provider would refuse this tool list.');
  await expect(refused).toContainText('OpenAI accepts at most 128 tools in one request (tools: array too long).');
  await expect(refused).toContainText('This run would send 150 tools, 22 more than it accepts.');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  const chats = async () =>
    (await mockRequests<RecordedRequest>(mockOpenAIRoot)).filter((request) => request.path === '/v1/chat/completions');
  expect(await chats()).toEqual([]);

  await refused.getByRole('button', { name: 'Send only the first 128' }).click();
  await expect(page.getByRole('status', { name: 'Run refused' })).toContainText(
    "The tool list is within the provider's limits now: press Run to send it.",
  );
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText(/end_turn|limit/);
  await expect(page.getByRole('status', { name: 'Run refused' })).toHaveCount(0);
  const sent = await chats();
  expect(sent.length).toBeGreaterThan(0);
  expect(sent[0]?.body.tools).toHaveLength(128);
});
