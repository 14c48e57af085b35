// The newcomer's first click: Run pressed at once, before the demo server (or even the engine) is ready.
import { expect, test } from './fixtures/loupe-test';
import { e2eUrls } from './fixtures/e2e-ports';
import { holdRequests } from './fixtures/hold-requests';
import { openSidebarTab } from './fixtures/sidebar';
import { expectDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';
import { roundCall } from './fixtures/timeline';

test('Run pressed while the demo server is still connecting waits for it and gets its tools', async ({ page }) => {
  // The demo server answers nothing until the Run has been pressed: "connecting" for as long as the test wants.
  const demo = await holdRequests(page.context(), e2eUrls.demoServer);
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'demo connecting' })).toBeVisible();
  await demo.arrived();

  await sendMessage(page, 'What should I wear in Oslo today?');
  const status = page.getByRole('status', { name: 'Run status' });
  await expect(status).toContainText('Waiting for 1 server to connect (demo)…');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();

  demo.release();
  await expect(servers.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  await expect(status).toContainText('end_turn');
  await expect(status).not.toContainText('Waiting');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(roundCall(timeline, 1, /demo__weather_get/)).toContainText('ok');
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('Oslo');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Run pressed before the engine has started is queued, not lost', async ({ page }) => {
  // The engine worker's script is held: the page is usable, the engine is not there yet.
  const engine = await holdRequests(page.context(), /worker-entry[^/]*\.js/);
  await page.goto('/');
  await engine.arrived();
  await sendMessage(page, 'What should I wear in Lisbon today?');
  const status = page.getByRole('status', { name: 'Run status' });
  await expect(status).toContainText('Waiting for 1 server to connect (demo)…');

  engine.release();
  await expect(status).toContainText('end_turn');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(roundCall(timeline, 1, /demo__weather_get/)).toContainText('ok');
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('Lisbon');
});

test('Stop while waiting for a server ends the run as aborted without starting it', async ({ page }) => {
  const demo = await holdRequests(page.context(), e2eUrls.demoServer);
  await page.goto('/');
  await demo.arrived();
  await sendMessage(page, 'What should I wear in Rome today?');
  const status = page.getByRole('status', { name: 'Run status' });
  await expect(status).toContainText('Waiting for 1 server to connect (demo)…');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(status).toContainText('aborted');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article')).toHaveCount(0);
  demo.release();
  await expectDemoConnected(page);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
});
