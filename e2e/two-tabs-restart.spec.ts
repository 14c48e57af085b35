// Two tabs on one session, and the owner's engine worker dies: the page keeps the session through the restart,
// so the new worker takes it back before the tab waiting for it can; that tab owns it only once the first closes.
import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { expectDemoConnected } from './fixtures/demo-connected';
import { runToEnd } from './fixtures/run-message';

/** The engine worker of the page (Playwright sees dedicated workers; no hook in the app is needed). */
async function engineWorker(page: Page): Promise<Worker> {
  const find = () => page.workers().find((worker) => /worker-entry/.test(worker.url()));
  await expect.poll(() => find() !== undefined).toBe(true);
  return find()!;
}

test('a restarted worker keeps its tab the owner; the read-only tab waits and owns it once that tab closes', async ({
  page,
  context,
  pageErrors,
}) => {
  // Two tabs, each with its own worker, one of them restarted, on a shared, loaded machine.
  test.setTimeout(120_000);
  await page.goto('/');
  await expectDemoConnected(page);
  await runToEnd(page, 'What should I wear in Oslo today?');

  const second = await context.newPage();
  second.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`second tab console.error: ${message.text()}`);
  });
  second.on('pageerror', (error) => pageErrors.push(`second tab page error: ${error.message}`));
  await second.goto('/');
  const secondBanner = second.getByRole('region', { name: 'Read-only session' });
  await expect(secondBanner).toContainText('This session is open in another tab');

  // The first tab's worker ends itself: its Web Locks go with it, and the second tab's worker, waiting for the
  // session, is granted its lock — while the first page, still there, keeps the session.
  const worker = await engineWorker(page);
  void worker.evaluate(() => (self as unknown as { close(): void }).close()).catch(() => undefined);
  await expect(page.getByRole('alert').filter({ hasText: 'The engine was restarted.' })).toBeVisible();
  await expectDemoConnected(page);

  // The first tab still owns the session; the second still follows it read-only.
  await expect(page.getByRole('region', { name: 'Read-only session' })).toHaveCount(0);
  await expect(page.getByLabel('Message', { exact: true })).toBeEnabled();
  await expect(secondBanner).toContainText('This session is open in another tab');
  await expect(second.getByLabel('Message', { exact: true })).toBeDisabled();

  // It writes the session from its new worker: its next run is stored, and the second tab follows it.
  await runToEnd(page, 'And what should I wear in Oslo tomorrow?');
  await expect(second.getByRole('combobox', { name: 'Shown run' }).getByRole('option')).toHaveCount(2);
  await expect(secondBanner).toContainText('This session is open in another tab');

  // Only when the first tab closes does the second own the session.
  await page.close();
  await expect(secondBanner).toHaveCount(0);
  await expect(second.getByRole('region', { name: 'Session owner' })).toContainText(
    'The tab that had this session open closed',
  );
  await expect(second.getByLabel('Message', { exact: true })).toBeEnabled();
});
