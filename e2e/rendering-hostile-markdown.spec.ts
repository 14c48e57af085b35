// Model output that used to blank the app for good (issue 10.3): 20 kB of `>` threw in the Markdown lexer and
// 50,000 emphasis runs cost seconds per streamed delta; the session restore repeated the crash on every load.
// Now: the round renders (those parts as plain text, saying so), the app stays usable, and a reload works.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { sendMessage } from './fixtures/run-message';
import { enqueue } from './fixtures/mock-control';

const QUOTES = '>'.repeat(20_000);
const EMPHASIS = '_a'.repeat(50_000);
/** Emphasis runs with spaces, so the mock streams them in thousands of deltas (it splits on whitespace). */
const STREAMED_EMPHASIS = '_a_ **b** '.repeat(3_000);

async function enqueueHostileReply(): Promise<void> {
  const response = await enqueue([
    {
      content: [
        { type: 'text', text: `# Fine heading\n\n${QUOTES}\n\n${EMPHASIS}\n\n${STREAMED_EMPHASIS}\n\nThe **end**.` },
      ],
      stop_reason: 'end_turn',
    },
  ]);
  expect(response.ok).toBe(true);
}

async function expectHostileRound(page: Page): Promise<void> {
  const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round.getByRole('heading', { name: 'Fine heading' })).toBeVisible();
  await expect(round).toContainText('Markdown shown as plain text: it nests more than 12 levels deep.');
  await expect(round).toContainText(/Markdown shown as plain text: this part is 100,00\d characters long\./);
  await expect(round.locator('strong', { hasText: 'end' })).toBeVisible();
  await expect(round.locator('em').first()).toHaveText('a');
  await expect(page.getByText('could not be shown')).toHaveCount(0);
}

async function expectUsable(page: Page): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill('Still typing after the hostile reply.');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Still typing after the hostile reply.');
  await openSidebarTab(page, 'Policies');
  await page.getByRole('spinbutton', { name: 'Max rounds' }).fill('7');
  await expect(page.getByRole('spinbutton', { name: 'Max rounds' })).toHaveValue('7');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
}

test('20 kB of > and 50,000 emphasis runs from the model: the app stays usable and a reload still works', async ({
  page,
}) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await enqueueHostileReply();
  await sendMessage(page, 'Say something hostile.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expectHostileRound(page);
  await expectUsable(page);

  await page.reload();
  await expect(page.getByRole('main', { name: 'Safe mode' })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expectHostileRound(page);
  await expectUsable(page);
});
