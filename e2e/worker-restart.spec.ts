// A hung or killed engine worker comes back by itself: servers reconnect and the session is restored.
import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { e2eUrls } from './fixtures/e2e-ports';
import { holdRequests, isMcpMethod } from './fixtures/hold-requests';
import { openSidebarTab } from './fixtures/sidebar';
import { expectDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';

/** The engine worker of the page (Playwright sees dedicated workers; no hook in the app is needed). */
async function engineWorker(page: Page): Promise<Worker> {
  const find = () => page.workers().find((worker) => /worker-entry/.test(worker.url()));
  await expect.poll(() => find() !== undefined).toBe(true);
  return find()!;
}

/** Starts the demo run and holds it mid-run: its first tool call waits at the server. */
async function startHeldRun(page: Page) {
  const toolCall = await holdRequests(page.context(), e2eUrls.demoServer, isMcpMethod('tools/call'));
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  await sendMessage(page, 'What should I wear in Oslo today?');
  await toolCall.arrived();
  const round1 = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round1.getByRole('listitem', { name: /demo__weather_get/ })).toContainText('running');
  return { toolCall, round1, servers };
}

/** After the restart: the notice, the demo server back, the run restored as interrupted, and it can go on. */
async function expectRecovered(page: Page, reason: RegExp, toolCall: { release: () => void }) {
  const alerts = page.getByRole('alert');
  // A regular expression: `hasText` strings match case-insensitively, and the failed run's own alert says
  // "the engine stopped unexpectedly" too.
  const crash = alerts.filter({ hasText: /The engine stopped unexpectedly/ }).filter({ hasText: reason });
  await expect(crash).toContainText('Loupe is restarting it');
  // Only now: the held call must not be answered to the old worker before it is gone.
  toolCall.release();
  await expect(alerts.filter({ hasText: 'The engine was restarted.' })).toBeVisible();
  await expectDemoConnected(page);
  const status = page.getByRole('status', { name: 'Run status' });
  await expect(status).toContainText('aborted');
  await expect(page.getByRole('region', { name: 'Interrupted run' })).toBeVisible();
  const round1 = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round1.getByRole('listitem', { name: /demo__weather_get/ })).toContainText('cancelled');

  // The session is intact: the conversation goes on in the new engine.
  await page.getByLabel('Message', { exact: true }).fill('And what should I wear in Oslo tomorrow?');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(status).toContainText('end_turn');
}

test('an engine that hangs mid-run is detected, replaced, and the session comes back', async ({ page }) => {
  const { toolCall } = await startHeldRun(page);
  const worker = await engineWorker(page);
  // An endless loop in the worker: it stops answering everything, the heartbeat included.
  void worker
    .evaluate(() => {
      for (;;) {
        // spin
      }
    })
    .catch(() => undefined);
  await expectRecovered(page, /stopped answering for more than 8 s/, toolCall);
});

test('an engine that is killed mid-run comes back by itself', async ({ page }) => {
  const { toolCall } = await startHeldRun(page);
  const worker = await engineWorker(page);
  // The worker ends itself without an error event: only the heartbeat can notice.
  void worker.evaluate(() => (self as unknown as { close(): void }).close()).catch(() => undefined);
  await expectRecovered(page, /stopped answering for more than 8 s/, toolCall);
});
