// Resources and prompts a 2026-07-28 server lets Loupe keep (ttlMs): Inspect says a listing came from the cache
// and until when it is fresh, and Refresh resources / Refresh prompts ask the server again within ttlMs.
import type { Locator, Page } from '@playwright/test';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';

const modernName = `server${new URL(e2eUrls.modernServer).port}`;

async function inspectModernServer(page: Page): Promise<Locator> {
  await page.goto('/');
  await addServer(page, e2eUrls.modernServer);
  await page.getByRole('button', { name: `Inspect ${modernName}` }).click();
  return page.getByRole('dialog', { name: `Inspect ${modernName}` });
}

/** How many `method` requests the protocol log shows as sent (it opens the Protocol tab). */
async function expectRequests(inspect: Locator, method: string, count: number): Promise<void> {
  await inspect.getByRole('tab', { name: 'Protocol' }).click();
  const log = inspect.getByRole('list', { name: 'Protocol messages' });
  await expect(log.getByRole('listitem').filter({ hasText: `→ request ${method}` })).toHaveCount(count);
}

const listedNow = /Listed just now · kept for 5 min \(until .+\)/;
const cached = /Cached · fresh for [45] min \(until .+\)/;

/** Opens the `tab` listing (Resources or Prompts) and waits for `item` in it, listed just now; returns the panel. */
async function openFreshListing(inspect: Locator, tab: 'Resources' | 'Prompts', item: string): Promise<Locator> {
  const panel = inspect.getByRole('tabpanel');
  await inspect.getByRole('tab', { name: tab }).click();
  await expect(panel.getByRole('list', { name: tab }).getByRole('listitem', { name: item })).toBeVisible();
  await expect(panel).toContainText(listedNow);
  return panel;
}

/** Presses Refresh on the `tab` listing and waits until it is listed afresh. */
async function refreshListing(inspect: Locator, tab: 'Resources' | 'Prompts'): Promise<void> {
  const panel = inspect.getByRole('tabpanel');
  const refresh = panel.getByRole('button', { name: `Refresh ${tab.toLowerCase()}` });
  await inspect.getByRole('tab', { name: tab }).click();
  await refresh.click();
  await expect(refresh).toBeEnabled();
  await expect(panel).toContainText(listedNow);
}

test('resources: a kept listing says it is cached, and Refresh resources lists afresh', async ({ page }) => {
  const inspect = await inspectModernServer(page);
  const panel = await openFreshListing(inspect, 'Resources', 'Today');
  await expect(panel.getByText('note://modern/city/{city}')).toBeVisible();

  // Opened again within ttlMs: served from the worker's cache, no request.
  await inspect.getByRole('tab', { name: 'Prompts' }).click();
  await inspect.getByRole('tab', { name: 'Resources' }).click();
  await expect(panel.getByText(cached).first()).toBeVisible();
  await expectRequests(inspect, 'resources/list', 1);
  await expectRequests(inspect, 'resources/templates/list', 1);

  await refreshListing(inspect, 'Resources');
  await expect(panel).not.toContainText('Cached');
  await expectRequests(inspect, 'resources/list', 2);
  await expectRequests(inspect, 'resources/templates/list', 2);
});

test('prompts: a kept listing says it is cached, and Refresh prompts lists afresh', async ({ page }) => {
  const inspect = await inspectModernServer(page);
  const panel = await openFreshListing(inspect, 'Prompts', 'greet');

  await inspect.getByRole('tab', { name: 'Resources' }).click();
  await inspect.getByRole('tab', { name: 'Prompts' }).click();
  await expect(panel).toContainText(cached);
  await expectRequests(inspect, 'prompts/list', 1);

  await refreshListing(inspect, 'Prompts');
  await expectRequests(inspect, 'prompts/list', 2);
});
