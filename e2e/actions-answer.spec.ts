// Every action answers visibly (issue 41): Make a test opens its case in Tests with focus there; an export says
// what it wrote; a control that cannot be used says why. Demo model, demo MCP server.
import { expect, test } from './fixtures/loupe-test';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';

test.beforeEach(async ({ page }) => {
  await openWithDemoConnected(page);
  await sendMessage(page, 'What should I wear in Paris today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
});

test('Make a test opens the new case in Tests, its name field focused, and says so', async ({ page }) => {
  await page.getByRole('tab', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Make a test' }).click();
  await expect(page.getByRole('tab', { name: 'Tests', exact: true })).toHaveAttribute('aria-selected', 'true');
  const testCase = page
    .getByRole('region', { name: 'Tests' })
    .getByRole('listitem', { name: 'Test What should I wear in Paris today?' });
  await expect(testCase.getByRole('textbox', { name: 'Test name' })).toBeFocused();
  await expect(testCase).toBeInViewport();
  await expect(page.getByRole('status', { name: 'Action result' })).toContainText(
    'Made the test “What should I wear in Paris today?”: it is open in Tests.',
  );
});

test('exports say what they wrote', async ({ page }) => {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript', exact: true }).click();
  const file = (await download).suggestedFilename();
  expect(file).toMatch(/^loupe-[0-9a-f-]{8}\.json$/);
  await expect(page.getByRole('status', { name: 'Action result' })).toContainText(
    new RegExp(`^Saved ${file.replace('.', '\\.')} \\([\\d.]+ kB\\) to your downloads\\.`),
  );
  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  const reportFile = (await report).suggestedFilename();
  await expect(page.getByRole('status', { name: 'Action result' })).toContainText(`Saved ${reportFile}`);
});

test('Compare runs with one run in the session says why it cannot compare', async ({ page }) => {
  const compare = page.getByRole('button', { name: 'Compare runs' });
  await expect(compare).toBeDisabled();
  await expect(compare).toHaveAccessibleDescription(/Compare needs two runs in this session/);
  // Still focusable, so a keyboard reaches it and its reason; pressing it says the reason in the notice.
  await compare.focus();
  await expect(compare).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Action result' })).toContainText(
    'Compare needs two runs in this session: replay this one, fork it or run again',
  );
  await expect(page.getByRole('dialog', { name: 'Compare runs' })).toHaveCount(0);
  // A second run (an offline replay) makes it usable.
  await page.getByRole('button', { name: 'Replay offline' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(compare).toBeEnabled();
});
