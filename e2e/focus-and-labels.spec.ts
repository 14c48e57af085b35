// Issue 41's measurable papercuts: the focus outline is at least 3:1 against what it is drawn on, light and dark,
// on the controls a keyboard user meets first (Run included, where a ring of its own colour used to vanish); and
// the first load shifts nothing (the timeline's empty state comes with the rest of the page).
import { expect, test } from './fixtures/loupe-test';
import { contrastRatio, focusColours, layoutShiftSoFar, recordLayoutShifts } from './fixtures/measure-page';
import type { Page } from '@playwright/test';
import { sendMessage } from './fixtures/run-message';

/** Keyboard focus on each control in turn, its outline measured against the backgrounds behind it. */
async function outlineContrasts(page: Page): Promise<Record<string, number>> {
  const controls = {
    Run: page.getByRole('button', { name: 'Run', exact: true }),
    Message: page.getByLabel('Message', { exact: true }),
    'Settings tab': page.getByRole('tab', { name: 'Settings', exact: true }),
    Provider: page.getByRole('combobox', { name: 'Provider' }),
    'Import transcript': page.getByRole('button', { name: 'Import transcript', exact: true }),
  };
  const ratios: Record<string, number> = {};
  for (const [name, control] of Object.entries(controls)) {
    // Focus as a keyboard does it (Shift+Tab back from the next stop), so :focus-visible applies.
    await control.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(control).toBeFocused();
    const colours = await focusColours(control);
    expect(colours.style, `${name}: an outline is drawn`).not.toBe('none');
    expect(colours.width, `${name}: outline width`).toBeGreaterThanOrEqual(2);
    ratios[name] = Math.round(contrastRatio(colours.outline, colours.behind) * 100) / 100;
  }
  return ratios;
}

test('the focus outline is at least 3:1 against the page, light and dark', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Paris today?');
  const light = await outlineContrasts(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const dark = await outlineContrasts(page);
  console.info(`focus outline contrast — light ${JSON.stringify(light)}; dark ${JSON.stringify(dark)}`);
  for (const [name, ratio] of [...Object.entries(light), ...Object.entries(dark)])
    expect(ratio, `${name} outline contrast`).toBeGreaterThanOrEqual(3);
});

test('the first load shifts no layout: the empty timeline comes with the rest', async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto('/');
  // Settled without input: the empty state, the lazily loaded Telemetry group and the connected demo server.
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('No run yet.');
  await expect(page.getByRole('group', { name: 'Telemetry' })).toBeVisible();
  await expect(page.locator('#sidebar-panel-servers li', { hasText: 'connected' })).toHaveCount(1);
  const shift = await layoutShiftSoFar(page);
  console.info(`first-load cumulative layout shift: ${shift.toFixed(4)}`);
  expect(shift).toBeLessThan(0.01);
});

test('the Outline breakpoint boxes carry a visible label; Breakpoint tool lists the known tools and is cleared', async ({
  page,
}) => {
  await page.goto('/');
  await sendMessage(page, 'What should I wear in Paris today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const outline = page.getByRole('navigation', { name: 'Outline' });
  const name = 'Breakpoint on demo__weather_get (round 1)';
  const box = outline.getByRole('checkbox', { name });
  // The word is on screen beside the box, inside the box's label (a click on it ticks the box).
  const label = outline.locator('label', { has: page.getByRole('checkbox', { name }) });
  await expect(label).toHaveText('Break');
  await label.click();
  await expect(box).toBeChecked();

  await page.getByRole('tab', { name: 'Breakpoints', exact: true }).click();
  const tool = page.getByRole('combobox', { name: 'Breakpoint tool' });
  await tool.selectOption('demo__clothing_advise');
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await expect(page.getByRole('list', { name: 'Breakpoints' })).toContainText('demo__clothing_advise');
  await expect(tool).toHaveValue('');
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a tool first.' })).toBeVisible();
});

test('the MCP App card follows the dark theme (its host context), not the system', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await sendMessage(page, 'What should I wear in Paris today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const card = page.frameLocator('iframe').first().frameLocator('iframe').first();
  await expect(card.getByText('°C')).toBeVisible({ timeout: 60_000 });
  await expect(card.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(card.locator('body')).toHaveCSS('color', 'rgb(244, 244, 245)');
});
