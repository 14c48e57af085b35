// The debugger layout for every user: an axe-core pass (no serious or critical violations) in light and dark
// with a run held at a pause; the skip link; the outline's jump to a call. Demo model, demo MCP server.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { addToolBreakpoint } from './fixtures/breakpoints';
import { openSidebarTab } from './fixtures/sidebar';
import { expectEditorReady } from './fixtures/editor-ready';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';

async function pausedAtTheWeatherCall(page: Page): Promise<void> {
  await openWithDemoConnected(page);
  await addToolBreakpoint(page, 'demo__weather_get');
  await sendMessage(page, 'What should I wear in Paris today?');
  await expect(page.getByRole('status', { name: 'Debugger status' })).toContainText(
    'Paused before demo__weather_get runs',
  );
  await expectEditorReady(page.getByRole('region', { name: 'Paused step' }));
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Monaco's own editor DOM (a third-party widget) is outside what this app renders.
    .exclude('.monaco-editor')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

test('no serious or critical axe violations at a pause, light and dark', async ({ page }) => {
  // axe walks the whole page twice: slow on a loaded machine, so more than the default minute.
  test.setTimeout(240_000);
  await pausedAtTheWeatherCall(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the skip link is the first tab stop and lands in the Message box; the outline jumps to a call', async ({
  page,
}) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the message' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Message', { exact: true })).toBeFocused();

  await pausedAtTheWeatherCall(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const outline = page.getByRole('navigation', { name: 'Outline' });
  await outline.getByRole('button', { name: 'Jump to demo__clothing_advise in round 2' }).click();
  const clothing = page
    .getByRole('article', { name: 'Round 2' })
    .getByRole('listitem', { name: /demo__clothing_advise/ });
  await expect(clothing).toBeFocused();
  await expect(clothing).toBeInViewport();
  // The breakpoint switch beside the tool is the same breakpoint as in the Breakpoints list.
  const toggle = outline.getByRole('checkbox', { name: 'Breakpoint on demo__weather_get (round 1)' });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await openSidebarTab(page, 'Breakpoints');
  await expect(page.getByRole('list', { name: 'Breakpoints' })).not.toContainText('tool demo__weather_get');
  await outline.getByRole('checkbox', { name: 'Breakpoint on demo__clothing_advise (round 2)' }).check();
  await expect(page.getByRole('list', { name: 'Breakpoints' })).toContainText('tool demo__clothing_advise');
});
