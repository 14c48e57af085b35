// An MCP server behind OAuth 2.1: the person signs in from the server item, the popup comes back by itself,
// the server connects and its tool runs with the token; signing out asks again.
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';

const name = localServerName(E2E_PORTS.oauthServer);

async function enqueue(replies: unknown[]): Promise<void> {
  await fetch(`${e2eUrls.mockApi}/__mock/enqueue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(replies),
  });
}

test('sign in to an OAuth server in a popup, then run its tool', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  const servers = page.getByRole('list', { name: 'Servers' });
  await servers.getByRole('button', { name: 'Remove demo' }).click();
  await page.getByRole('textbox', { name: 'Server URL' }).fill(e2eUrls.oauthServer);
  await page.getByRole('button', { name: 'Add server' }).click();

  const item = servers.getByRole('listitem', { name: new RegExp(`^${name} `) });
  await expect(item).toContainText('This server needs you to sign in');
  await expect(item).not.toContainText('connected');
  const popupPromise = page.waitForEvent('popup');
  await item.getByRole('button', { name: `Sign in to ${name}` }).click();
  const popup = await popupPromise;
  await popup.waitForEvent('close');
  await expect(servers.getByRole('listitem', { name: `${name} connected` })).toBeVisible();
  await expect(item).toContainText('Signed in with OAuth');
  await expect(item).toContainText('1 tool');

  await enqueue([
    { content: [{ type: 'tool_use', id: 'toolu_who', name: `${name}__whoami`, input: {} }] },
    { content: [{ type: 'text', text: 'You are signed in.' }] },
  ]);
  await page.getByLabel('Message', { exact: true }).fill('Who am I?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const call = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: new RegExp(`${name}__whoami`) });
  await expect(call).toContainText('ok');
  await call
    .getByText(/whoami/)
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(/signed in as [0-9a-f-]{36}/);

  await item.getByRole('button', { name: `Sign out of ${name}` }).click();
  await expect(servers.getByRole('listitem', { name: `${name} error` })).toContainText(
    'This server needs you to sign in',
  );
  // Not remembered: nothing about the sign-in was written to the device.
  expect(await page.evaluate(() => localStorage.getItem('loupe.oauth'))).toBeNull();
});
