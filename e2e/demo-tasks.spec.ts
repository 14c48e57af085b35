// The offline demo server's task tool: asked for an outlook, the Demo model calls `weather.outlook`, which runs as
// an MCP task on either era the demo serves. The card shows each day as the server prepares it, then the result;
// Stop cancels the task. The weather → clothing flow of the other demo specs is untouched.
import type { Page } from '@playwright/test';
import { e2eUrls } from './fixtures/e2e-ports';
import { holdRequests, isMcpMethod } from './fixtures/hold-requests';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { sendMessage } from './fixtures/run-message';

const tool = 'demo__weather_outlook';

/** Opens the app with the demo server connected (in `era`, when given), and asks for an outlook. */
async function askForOutlook(page: Page, message: string, era?: '2025 era (initialize)'): Promise<void> {
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  if (era !== undefined) {
    await page.getByRole('button', { name: 'Edit demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit server demo' });
    await dialog.getByLabel('Protocol era').selectOption({ label: era });
    await dialog.getByRole('button', { name: 'Save and reconnect' }).click();
    await expect(servers.getByRole('listitem', { name: 'demo connected' })).toContainText('2025 era');
  }
  await sendMessage(page, message);
}

for (const era of [undefined, '2025 era (initialize)'] as const) {
  test(`the outlook runs as a task on the card, day by day, to its result (${era ?? 'auto: 2026-07-28'})`, async ({
    page,
  }) => {
    await askForOutlook(page, 'What is the outlook for Osaka over 3 days?', era);
    const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
    // A day takes 1.2 s on the demo server: which day the card shows first depends on the machine's load.
    await expect(round.getByRole('listitem', { name: `${tool} running` })).toContainText(
      /Task working · \d+ s · Day [1-3] of 3: Osaka/,
    );
    await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
    const done = round.getByRole('listitem', { name: `${tool} ok` });
    await expect(done).toContainText(/Outlook for Osaka:\s*Day 1: -?\d+ °C/);
    await expect(done).toContainText(/Ran as task [\w-]+: last status completed/);
    await expect(page.getByRole('article', { name: 'Round 2' })).toContainText('Outlook for Osaka');
  });
}

test('Stop cancels the outlook task while it works', async ({ page }) => {
  // The polls are held, so the task is still working on the server whatever the machine's load when Stop lands.
  const polls = await holdRequests(page.context(), e2eUrls.demoServer, isMcpMethod('tasks/get'));
  const cancels = await holdRequests(page.context(), e2eUrls.demoServer, isMcpMethod('tasks/cancel'));
  cancels.release();
  await askForOutlook(page, 'The outlook for Lima, 7 days please');
  const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  // The task handle itself says the first day.
  await expect(round.getByRole('listitem', { name: `${tool} running` })).toContainText('Day 1 of 7: Lima');
  await polls.arrived(1);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('aborted');
  await expect(round.getByRole('listitem', { name: new RegExp(`^${tool} cancelled`) })).toBeVisible();
  // tasks/cancel went to the server.
  await cancels.arrived(1);
  polls.release();
});
