// Smoke pass against the Vite dev server, what `npm start` serves: React StrictMode runs every effect twice
// there, modules load one by one, dependencies are pre-bundled on first use, and the CSP comes as a header
// on every response. The production build (the other project) misses all of that.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { expectLoupePolicy, openWithWorker } from './fixtures/csp-header';
import { openSidebarTab } from './fixtures/sidebar';
import { sendMessage } from './fixtures/run-message';

/** Two animation frames: every effect of the commit that opened the dialog (StrictMode's re-run too) is done. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function expectStaysOpen(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await settle(page);
  await expect(dialog).toBeVisible();
}

async function close(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
}

test('first use, Monaco and a whole demo run included, never reloads the page', async ({ page }) => {
  // The webServer starts with an empty dependency cache: this is a newcomer's very first load.
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  await expect(page.getByRole('listitem', { name: 'demo connected' })).toBeVisible();

  await openSidebarTab(page, 'Tools');
  const tools = page.getByRole('region', { name: 'Tools' });
  await tools.getByRole('button', { name: 'New local tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'New local tool' });
  // Monaco is the largest lazy import; on a busy machine the dev server takes a while to serve it.
  await expect(dialog.locator('.monaco-editor').first()).toBeVisible({ timeout: 60_000 });
  await close(dialog);

  await sendMessage(page, 'What should I wear in Paris?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(page.getByRole('article', { name: 'Round 3' })).toBeVisible();
  expect(loads).toBe(1);
});

test('Inspect, a server’s Edit, a tool’s Edit and New local tool each open a dialog that stays open', async ({
  page,
}) => {
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  await expect(page.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  const tools = page.getByRole('region', { name: 'Tools' });

  await page.getByRole('button', { name: 'Inspect demo' }).click();
  const inspector = page.getByRole('dialog', { name: 'Inspect demo' });
  await expectStaysOpen(page, inspector);
  await close(inspector);

  await page.getByRole('button', { name: 'Edit demo', exact: true }).click();
  const editServer = page.getByRole('dialog', { name: 'Edit server demo' });
  await expectStaysOpen(page, editServer);
  await close(editServer);

  await openSidebarTab(page, 'Tools');
  await tools.getByRole('button', { name: 'Edit demo__weather_get as the model sees it' }).click();
  const editTool = page.getByRole('dialog', { name: 'Edit demo__weather_get as the model sees it' });
  await expectStaysOpen(page, editTool);
  await close(editTool);

  await tools.getByRole('button', { name: 'New local tool' }).click();
  const newTool = page.getByRole('dialog', { name: 'New local tool' });
  await expectStaysOpen(page, newTool);
  await close(newTool);
});

test('the CSP header, with frame-ancestors, comes with the page, the dev client and the worker script', async ({
  page,
  request,
}) => {
  const worker = await openWithWorker(page);
  for (const url of ['/', '/@vite/client', worker.url()]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expectLoupePolicy(response.headers()['content-security-policy'] ?? '', url);
  }
  // Under `script-src 'self'` the dev server's inline React-refresh preamble must have moved to a file.
  const html = await (await request.get('/')).text();
  expect(html).not.toMatch(/<script type="module">/);
  expect(html).toContain('/__loupe/inline/');
});
