// Any model beside any other: a case made on the Demo model runs ×2 on the Demo model and ×2 on the
// OpenAI-compatible mock (its own base URL, no key of the person's sent there), side by side in one table,
// each run one click from its timeline; each batch joins the case's trend.
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { makeTestFromDemoRun } from './fixtures/make-test';
import { mockOpenAIRoot, mockRequests, resetMock } from './fixtures/mock-control';
import { openSidebarTab } from './fixtures/sidebar';

test.beforeEach(async () => {
  await resetMock(mockOpenAIRoot);
});

test('a case run ×2 on the Demo model and on the OpenAI-compatible mock, side by side', async ({ page }) => {
  const testCase = await makeTestFromDemoRun(page, 'What should I wear in Paris today?');

  await testCase.getByLabel('Times').fill('2');
  await testCase.getByLabel('Models').fill(`loupe-demo, openai-compatible/gpt-4o-mini@${e2eUrls.mockOpenAIApi}`);
  await testCase.getByRole('button', { name: 'Run ×2' }).click();

  await expect(testCase.getByRole('status', { name: /Results of/ })).toHaveText('4 of 4 runs done.');
  const table = testCase.getByRole('table', { name: /Pass rates of/ });
  const header = table.getByRole('row').first();
  await expect(header.getByRole('columnheader')).toHaveText([
    'Expectation',
    'demo/loupe-demo',
    'openai-compatible/gpt-4o-mini',
  ]);
  await expect(table.getByRole('row', { name: /Runs passed/ }).getByRole('cell')).toHaveText(['2/2', /^[0-2]\/2$/]);
  await expect(
    table
      .getByRole('row', { name: /Tool path/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('demo__weather_get → demo__clothing_advise');

  // The mock was really asked, and never with a key the person typed for another endpoint.
  const requests = await mockRequests<{ path: string; headers: Record<string, string> }>(mockOpenAIRoot);
  const completions = requests.filter((request) => request.path === '/v1/chat/completions');
  expect(completions.length).toBeGreaterThanOrEqual(2);
  for (const request of completions) expect(request.headers['authorization']).toBeUndefined();

  // The batch joins the case's trend, kept on this device across a reload.
  const trend = testCase.getByRole('list', { name: 'Trend of What should I wear in Paris today?' });
  await expect(trend.getByRole('listitem')).toHaveCount(1);
  await expect(trend).toContainText('2/2 demo/loupe-demo');
  await page.reload();
  await openSidebarTab(page, 'Tests');
  await expect(trend.getByRole('listitem')).toHaveCount(1);
  await testCase.getByLabel('Times').fill('2');
  await testCase.getByLabel('Models').fill(`loupe-demo, openai-compatible/gpt-4o-mini@${e2eUrls.mockOpenAIApi}`);
  await testCase.getByRole('button', { name: 'Run ×2' }).click();
  await expect(testCase.getByRole('status', { name: /Results of/ })).toHaveText('4 of 4 runs done.');
  await expect(trend.getByRole('listitem')).toHaveCount(2);

  // Every run is one click from its timeline.
  const runs = testCase.getByRole('list', { name: /Runs of/ });
  await expect(runs.getByRole('listitem')).toHaveCount(4);
  const openAiRun = runs.getByRole('listitem').filter({ hasText: 'openai-compatible/gpt-4o-mini #1' });
  await openAiRun.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' })).toBeVisible();
});
