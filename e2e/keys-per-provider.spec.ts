// Each provider keeps its own key and base URL: a key typed for Anthropic never leaves for another host,
// not even for model listing right after the switch (the mock OpenAI API's request log is the witness).
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { sendMessage } from './fixtures/run-message';
import { mockOpenAIRoot, mockRequests, resetMock } from './fixtures/mock-control';

const ANTHROPIC_KEY = 'sk-ant-e2e-typed-for-anthropic-only';

interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

test.beforeEach(async () => {
  await resetMock(mockOpenAIRoot);
});

test('a key typed for Anthropic is never sent to the OpenAI-compatible endpoint', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page, ANTHROPIC_KEY);
  const key = page.getByRole('textbox', { name: 'API key' });
  const baseUrl = page.getByRole('textbox', { name: 'Base URL' });

  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
  await expect(key).toHaveValue('');
  await expect(baseUrl).toHaveValue('https://api.openai.com/v1');
  await expect(page.getByText('Sent only to the OpenAI-compatible base URL', { exact: false })).toBeVisible();
  await baseUrl.fill(e2eUrls.mockOpenAIApi);
  await page.getByRole('button', { name: 'Refresh models' }).click();
  await expect(page.getByRole('button', { name: 'Refresh models' })).toBeEnabled();
  await page.getByRole('combobox', { name: 'Model' }).fill('gpt-4o-mini');
  await sendMessage(page, 'Hello');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText(/end_turn|limit/);

  const requests = await mockRequests<RecordedRequest>(mockOpenAIRoot);
  expect(requests.some((request) => request.path === '/v1/models')).toBe(true);
  expect(requests.some((request) => request.path === '/v1/chat/completions')).toBe(true);
  for (const request of requests) {
    expect(JSON.stringify(request)).not.toContain(ANTHROPIC_KEY);
    expect(request.headers['authorization']).toBeUndefined();
    expect(request.headers['x-api-key']).toBeUndefined();
  }

  // Switching back brings Anthropic's own key and base URL back; neither was lost.
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Anthropic' });
  await expect(key).toHaveValue(ANTHROPIC_KEY);
  await expect(baseUrl).toHaveValue(e2eUrls.mockApi);
  await expect(page.getByText('Sent only to the Anthropic base URL', { exact: false })).toBeVisible();

  // Not remembered: after a reload the key is gone and storage never held it.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(ANTHROPIC_KEY);
});
