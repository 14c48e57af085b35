// MCP Skills: the demo server's skill seen in Inspect with its files verified, attached to the instructions, and
// its SKILL.md text in the system prompt of the next request to the (mock) Messages API.
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { messageRequests } from './fixtures/mock-control';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { sendMessage } from './fixtures/run-message';
import { openSidebarTab } from './fixtures/sidebar';

const demo = localServerName(E2E_PORTS.demoServer);

test('a skill read in Inspect and attached goes into the system prompt of the next run', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await replaceDemoServer(page, e2eUrls.demoServer);
  await openSidebarTab(page, 'Servers');
  await page.getByRole('button', { name: `Inspect ${demo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Inspect ${demo}` });
  await dialog.getByRole('tab', { name: 'Skills' }).click();
  const skill = dialog.getByRole('listitem', { name: 'Skill dress-for-weather' });
  await expect(skill).toContainText('Decide what to wear');
  const files = skill.getByRole('list', { name: 'Files of dress-for-weather' });
  await expect(files).toContainText('SKILL.md');
  await expect(files).toContainText('checklist.md');
  await expect(files).toContainText('not read');
  await skill.getByRole('button', { name: 'Read skill' }).click();
  await expect(skill.getByLabel('SKILL.md of dress-for-weather')).toContainText('call weather.get for their city');
  await expect(files.getByRole('listitem').filter({ hasText: 'digest verified' })).toHaveCount(2);
  await skill.getByRole('button', { name: 'Attach to instructions' }).click();
  await expect(skill.getByRole('button', { name: 'Attached to the next run' })).toBeDisabled();
  await page.keyboard.press('Escape');

  await expect(page.getByRole('list', { name: 'Attached skills' })).toContainText('dress-for-weather');
  await sendMessage(page, 'What should I wear in Paris today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const requests = await messageRequests<{ path: string; body: { system?: unknown } }>();
  expect(JSON.stringify(requests[0]?.body.system)).toContain('call weather.get for their city first');
  await expect(page.getByRole('list', { name: 'Attached skills' })).toHaveCount(0);
});

test('a skill whose file does not match its digest is shown refused, with the reason, and cannot be attached', async ({
  page,
}) => {
  const modern = `server${new URL(e2eUrls.modernServer).port}`;
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  await page.getByRole('textbox', { name: 'Server URL' }).fill(e2eUrls.modernServer);
  await page.getByRole('button', { name: 'Add server' }).click();
  await expect(
    page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: `${modern} connected` }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Inspect ${modern}` }).click();
  const dialog = page.getByRole('dialog', { name: `Inspect ${modern}` });
  await dialog.getByRole('tab', { name: 'Skills' }).click();
  const skill = dialog.getByRole('listitem', { name: 'Skill dress-for-weather' });
  await skill.getByRole('button', { name: 'Read skill' }).click();
  await expect(skill.getByRole('alert')).toContainText('checklist.md does not match its digest');
  await expect(skill.getByRole('listitem').filter({ hasText: 'checklist.md' })).toContainText('refused');
  await expect(skill.getByRole('button', { name: 'Attach to instructions' })).toHaveCount(0);
  await expect(skill.getByLabel('SKILL.md of dress-for-weather')).toHaveCount(0);
});
