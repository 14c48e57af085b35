// The run in view (issue 41): on a 390 px phone the header is one row, Run brings the run into view and the
// sidebar's tabs are one press away; at a pause the paused card comes into view at once, even below an open
// "Messages so far", and its editor takes focus. Demo model, demo MCP server.
import { expect, test } from './fixtures/loupe-test';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';
import { openSidebarTab } from './fixtures/sidebar';

test('390 px: one header row, Run shows the run, Settings jumps to the sidebar tabs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWithDemoConnected(page);
  const header = page.locator('header');
  const box = await header.boundingBox();
  // One row: the logo, the name, Settings, Menu and the theme toggle (was three rows, ~130 px).
  expect(box?.height ?? 0).toBeLessThan(60);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(page.getByRole('button', { name: 'Import transcript', exact: true })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Import transcript', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await page.evaluate(() => window.scrollTo(0, 0));
  await sendMessage(page, 'What should I wear in Paris today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(page.getByRole('status', { name: 'Run status' })).toBeInViewport();
  await expect(page.getByRole('article', { name: 'Round 1' })).toBeInViewport();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('tablist', { name: 'Sidebar' })).toBeInViewport();
  await expect(page.getByRole('tab', { name: 'Servers', exact: true })).toBeFocused();
});

test('a pause scrolls its card into view at once, below an open Messages so far, and focuses its editor', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openWithDemoConnected(page);
  await openSidebarTab(page, 'Breakpoints');
  const tool = page.getByRole('combobox', { name: 'Breakpoint tool' });
  for (const name of ['demo__weather_get', 'demo__clothing_advise']) {
    await tool.selectOption(name);
    await page.getByRole('button', { name: 'Add breakpoint' }).click();
  }
  await sendMessage(page, 'What should I wear in Paris today?');
  const status = page.getByRole('status', { name: 'Debugger status' });
  await expect(status).toContainText('Paused before demo__weather_get runs');
  const paused = page.getByRole('region', { name: 'Paused step' });
  await expect(paused).toBeInViewport();
  await expect(paused.getByRole('textbox', { name: 'Tool input' })).toBeFocused({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Messages so far', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Messages so far' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(status).toContainText('Paused before demo__clothing_advise runs');
  await expect(paused).toContainText('demo__clothing_advise');
  await expect(paused).toBeInViewport();
  await expect(paused.getByRole('textbox', { name: 'Tool input' })).toBeFocused({ timeout: 60_000 });
});
