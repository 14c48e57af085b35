// Two tabs on one session: the first owns (writes) it, the second shows it read-only and follows it; Take over
// moves ownership and the paused run goes on in exactly one tab; session list changes reach the other tab.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { stepThrough } from './fixtures/step-through';
import { exportTranscript } from './fixtures/export-transcript';
import { expectDemoConnected } from './fixtures/demo-connected';

/** The fixture watches the first page only: the second tab fails the test on console errors too. */
function watchErrors(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`second tab console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`second tab page error: ${error.message}`));
}

test('a second tab is read-only, takes over, and the paused run resumes in exactly one tab', async ({
  page,
  context,
  pageErrors,
}, info) => {
  // Two tabs, each with its own worker, build and run the app on a shared, loaded machine.
  test.setTimeout(120_000);
  await page.goto('/');
  await expectDemoConnected(page);
  await stepThrough(page, 'What should I wear in Oslo today?', [
    'Paused before the model request of round 1',
    "Paused after the model's reply in round 1",
  ]);

  const second = await context.newPage();
  watchErrors(second, pageErrors);
  await second.goto('/');
  const secondBanner = second.getByRole('region', { name: 'Read-only session' });
  await expect(secondBanner).toContainText('This session is open in another tab');
  // It shows what the first tab stored, and every control of the run is disabled here.
  await expect(
    second.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' }),
  ).toBeVisible();
  await expect(second.getByLabel('Message', { exact: true })).toBeDisabled();
  await expect(second.getByRole('button', { name: 'Step', exact: true })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Read-only session' })).toHaveCount(0);

  await secondBanner.getByRole('button', { name: 'Take over', exact: true }).click();
  await expect(secondBanner).toHaveCount(0);
  const secondStatus = second.getByRole('status', { name: 'Debugger status' });
  // The run goes on in the second tab, from the pause the first tab held.
  await expect(secondStatus).toContainText("Paused after the model's reply in round 1");
  const firstBanner = page.getByRole('region', { name: 'Read-only session' });
  await expect(firstBanner).toContainText('Another tab took this session over');
  await expect(page.getByLabel('Message', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Step', exact: true })).toBeDisabled();

  await second.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(second.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  // The first tab follows the new owner's checkpoints to the end.
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article')).toHaveCount(3);

  // One run, one end: the first tab's stop at the takeover was never written.
  const transcript = await exportTranscript<{ rounds: unknown[]; finishReason: string }>(
    second,
    info.outputPath('after-takeover.json'),
  );
  expect(transcript.rounds).toHaveLength(3);
  expect(transcript.finishReason).toBe('end_turn');

  // Taking it back works the same way round.
  await firstBanner.getByRole('button', { name: 'Take over', exact: true }).click();
  await expect(firstBanner).toHaveCount(0);
  await expect(second.getByRole('region', { name: 'Read-only session' })).toContainText(
    'Another tab took this session over',
  );

  // A new session in one tab shows up in the other's list.
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await second.getByRole('button', { name: 'Sessions', exact: true }).click();
  await expect(second.getByRole('list', { name: 'Saved sessions' }).getByRole('listitem')).toHaveCount(2);
});
