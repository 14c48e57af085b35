// Approval choices at the call: allow for this session (not stored), always allow (stored, survives a reload),
// deny and remember; all shown and editable in one list, with a read-only mark for any tool. Anthropic
// provider (real SDK) against the mock Messages API and the demo MCP server, production build.
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { expectDemoConnected, useMockAnthropic } from './fixtures/demo-connected';

test('allow for this session, always allow, deny and remember; marks shown in one place', async ({ page }) => {
  await useMockAnthropic(page);
  await openSidebarTab(page, 'Breakpoints');
  const list = page.getByRole('list', { name: 'Tool approval' });
  // The demo tools say readOnlyHint; a person can take the mark off (and put it back).
  const readOnly = list.getByRole('checkbox', { name: 'Read-only: demo__weather_get' });
  await expect(readOnly).toBeChecked();
  await readOnly.uncheck();
  await page.getByRole('checkbox', { name: 'Ask before tools run' }).check();
  // Not read-only any more: an MCP tool is asked about by default.
  await expect(list.getByRole('combobox', { name: 'Approval for demo__weather_get' })).toHaveValue('ask');
  await list.getByRole('combobox', { name: 'Approval for demo__clothing_advise' }).selectOption('ask');

  const message = page.getByLabel('Message', { exact: true });
  const runStatus = page.getByRole('status', { name: 'Run status' });
  await message.fill('What should I wear in Paris today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const weather = page.getByRole('article', { name: 'Round 1' }).getByRole('listitem', { name: /demo__weather_get/ });
  await weather.getByRole('button', { name: 'Allow for this session' }).click();
  const clothing = page
    .getByRole('article', { name: 'Round 2' })
    .getByRole('listitem', { name: /demo__clothing_advise/ });
  await clothing.getByRole('button', { name: 'Deny and remember' }).click();
  await expect(runStatus).toContainText('end_turn');
  await expect(clothing).toContainText('denied');
  await expect(list).toContainText('Allowed for this session');
  await expect(list.getByRole('combobox', { name: 'Approval for demo__clothing_advise' })).toHaveValue('deny');

  // A second run: weather runs without asking (this session), clothing is denied without asking.
  await message.fill('And tomorrow?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus).toContainText('end_turn');
  await expect(page.getByRole('region', { name: 'Paused step' })).toHaveCount(0);

  // After a reload the session answer is gone; "deny" and the read-only mark are remembered.
  await page.reload();
  await expectDemoConnected(page);
  await openSidebarTab(page, 'Breakpoints');
  await expect(list).not.toContainText('for this session');
  await expect(list.getByRole('combobox', { name: 'Approval for demo__weather_get' })).toHaveValue('ask');
  await expect(list.getByRole('combobox', { name: 'Approval for demo__clothing_advise' })).toHaveValue('deny');
  await expect(list.getByRole('checkbox', { name: 'Read-only: demo__weather_get' })).not.toBeChecked();
});
