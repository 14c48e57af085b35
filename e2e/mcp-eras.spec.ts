// One run with a modern-only MCP server (2026-07-28, stateless) and a 2025-era server side by side: each shows
// its era, and each asks for input through the same form (input_required on one, elicitation/create on the other).
import type { Page } from '@playwright/test';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { sendMessage } from './fixtures/run-message';
import { sendOnly } from './fixtures/tools-panel';

async function run(page: Page, message: string): Promise<void> {
  await sendMessage(page, message);
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('running');
}

test('a modern-only and a 2025-era server in one run, elicitation answered on each', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, e2eUrls.modernServer, { connected: false });
  await addServer(page, e2eUrls.legacyServer, { connected: false });
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: /connected$/ })).toHaveCount(3);
  const modernName = `server${new URL(e2eUrls.modernServer).port}`;
  const legacyName = `server${new URL(e2eUrls.legacyServer).port}`;
  const modernItem = servers.getByRole('listitem', { name: new RegExp(`^${modernName}`) });
  const legacyItem = servers.getByRole('listitem', { name: new RegExp(`^${legacyName}`) });
  await expect(modernItem).toContainText('MCP 2026-07-28 (stateless)');
  // A tool whose x-mcp-header mark breaks the 2026-07-28 rules is left out, and the server item says so.
  await expect(modernItem.getByRole('status')).toContainText(
    'Left out 1 tool with invalid x-mcp-header marks: "badly_marked"',
  );
  await expect(legacyItem).toContainText(/MCP 2025-\d\d-\d\d \(2025 era\)/);
  // The worker's probe could not pass this server's CORS list: retried as 2025-era, and said so.
  await expect(legacyItem.getByRole('status')).toContainText('Connected with the 2025-era handshake instead');

  await page.getByRole('button', { name: `Inspect ${modernName}` }).click();
  const inspect = page.getByRole('dialog', { name: `Inspect ${modernName}` });
  await expect(inspect.getByLabel('Protocol era')).toContainText('2026-07-28 and later');
  await expect(inspect.getByRole('list', { name: 'Protocol messages' }).getByRole('listitem').first()).toContainText(
    '→ request server/discover',
  );
  // Each entry says the era; a sent 2026-07-28 request shows the headers it travelled with.
  const listing = inspect
    .getByRole('list', { name: 'Protocol messages' })
    .getByRole('listitem')
    .filter({ hasText: '→ request tools/list' })
    .first();
  await expect(listing).toContainText('· 2026-07-28');
  await listing.locator('summary').click();
  await expect(listing.getByLabel('Request headers')).toContainText('Mcp-Method: tools/list');
  await inspect.getByRole('button', { name: 'Close' }).click();

  // Modern: the call answers input_required; the same form asks, and the call is retried with the answer.
  await sendOnly(page, `${modernName}__reserve`);
  await run(page, 'Reserve a table.');
  const modernForm = page.getByRole('dialog', { name: `${modernName} asks for input` });
  await expect(modernForm.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace');
  await modernForm.getByRole('spinbutton', { name: 'Guests' }).fill('5');
  await modernForm.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toContainText(
    'Reserved: {"name":"Grace","guests":5}',
  );

  // 2025 era: the server sends elicitation/create during the call; the same kind of form answers it.
  await sendOnly(page, `${legacyName}__book_table`);
  await run(page, 'Book a table.');
  const legacyForm = page.getByRole('dialog', { name: `${legacyName} asks for input` });
  await expect(legacyForm.getByRole('textbox', { name: 'Name (required)' })).toHaveValue('Ada');
  await legacyForm.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toContainText(
    'Booked: {"name":"Ada","guests":2,"seating":"terrace","highChair":false}',
  );
});
