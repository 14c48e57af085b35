// An MCP server author's path through the protocol's richer features: the wire, logs, resources, prompts,
// elicitation and sampling, against the features test server and the mock Messages API.
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { mockRequests } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';
import { sendOnly } from './fixtures/tools-panel';

interface RecordedRequest {
  body: { messages?: { role: string; content: { type: string; text?: string }[] | string }[]; tools?: unknown[] };
}

async function setUp(page: Page): Promise<void> {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, e2eUrls.featuresServer, { connected: false });
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: /connected$/ })).toHaveCount(2);
}

test('the protocol log shows every message with timing, filters and exports; capabilities are listed', async ({
  page,
}) => {
  await setUp(page);
  const name = new URL(e2eUrls.featuresServer).port;
  await openSidebarTab(page, 'Servers');
  await page.getByRole('button', { name: `Inspect server${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Inspect server${name}` });
  await expect(dialog.getByLabel('Capabilities')).toContainText('logging');
  await expect(dialog.getByLabel('Capabilities')).toContainText('resources');
  const messages = dialog.getByRole('list', { name: 'Protocol messages' });
  // The 2026-07-28 probe goes first; this server's CORS list refuses it, so Loupe falls back to initialize.
  await expect(messages.getByRole('listitem').first()).toContainText('→ request server/discover');
  await expect(messages.getByRole('listitem').nth(1)).toContainText('→ request initialize');
  await expect(messages.getByRole('listitem').nth(2)).toContainText(/← response initialize #\d+ · \d+ ms/);
  await dialog.getByRole('textbox', { name: 'Filter messages' }).fill('tools/list');
  await expect(messages.getByRole('listitem')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, 'utf8')) as { method?: string; direction: string }[];
  expect(exported.map((record) => `${record.direction} ${record.method}`)).toEqual([
    'sent tools/list',
    'received tools/list',
  ]);
});

test('a resource attached to the conversation goes with the next message; a prompt becomes the message', async ({
  page,
}) => {
  await setUp(page);
  const name = `server${new URL(e2eUrls.featuresServer).port}`;
  await openSidebarTab(page, 'Servers');
  await page.getByRole('button', { name: `Inspect ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Inspect ${name}` });
  await dialog.getByRole('tab', { name: 'Resources' }).click();
  const packing = dialog.getByRole('listitem', { name: 'Packing list' });
  await packing.getByRole('button', { name: 'Read' }).click();
  await expect(packing).toContainText('- umbrella');
  await packing.getByRole('button', { name: 'Attach to message' }).click();
  await dialog.getByRole('listitem', { name: 'Red pixel' }).getByRole('button', { name: 'Attach to message' }).click();

  await dialog.getByRole('tab', { name: 'Prompts' }).click();
  await dialog.getByRole('button', { name: 'Plan a trip' }).click();
  await dialog.getByRole('textbox', { name: 'city (required)' }).fill('Oslo');
  await dialog.getByRole('button', { name: 'Get prompt' }).click();
  await expect(dialog.getByLabel('Prompt plan-trip')).toContainText('Plan what to pack for a few days in Oslo.');
  await dialog.getByRole('button', { name: 'Use as message' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Plan what to pack for a few days in Oslo.');
  await expect(page.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(2);
  await sendOnly(page, 'none');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const [first] = await mockRequests<RecordedRequest>();
  const content = first?.body.messages?.[0]?.content;
  expect(Array.isArray(content) ? content.map((block) => block.type) : content).toEqual(['text', 'image', 'text']);
  expect(Array.isArray(content) ? content[0]?.text : '').toContain('- umbrella');
  await expect(page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
});

test('elicitation opens a form with the defaults; sampling asks before the model answers; logs reach the server log', async ({
  page,
}) => {
  await setUp(page);
  const name = `server${new URL(e2eUrls.featuresServer).port}`;
  await sendOnly(page, `${name}__book_table`);
  await sendMessage(page, 'Book a table.');
  const form = page.getByRole('dialog', { name: `${name} asks for input` });
  await expect(form.getByRole('textbox', { name: 'Name (required)' })).toHaveValue('Ada');
  await expect(form.getByRole('combobox', { name: 'Seating' })).toHaveValue('terrace');
  await form.getByRole('spinbutton', { name: 'Guests (required)' }).fill('40');
  await expect(form.getByRole('list', { name: 'Problems' })).toContainText('Guests must be at most 12.');
  await expect(form.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await form.getByRole('spinbutton', { name: 'Guests (required)' }).fill('4');
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toContainText(
    'Booked: {"name":"Ada","guests":4,"seating":"terrace","highChair":false}',
  );

  await sendOnly(page, `${name}__summarise`);
  await sendMessage(page, 'Summarise Paris.');
  const approval = page.getByRole('dialog', { name: `${name} asks the model` });
  await expect(approval.getByRole('list', { name: 'Sampling messages' })).toContainText('user: Summarise Paris.');
  await approval.getByRole('button', { name: 'Approve and send' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toContainText(
    'Summary from claude-haiku-4-5: Mock reply. You said: "Summarise Paris."',
  );

  await sendOnly(page, `${name}__chatty`);
  await sendMessage(page, 'Work.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await openSidebarTab(page, 'Servers');
  await page.getByRole('button', { name: `Inspect ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Inspect ${name}` });
  await dialog.getByRole('tab', { name: 'Log' }).click();
  await expect(dialog.getByRole('list', { name: 'Server log' })).toContainText('info chatty: starting work');
  await expect(dialog.getByRole('list', { name: 'Server log' })).toContainText(
    'warning: {"step":2,"note":"almost done"}',
  );
});

test('a server is edited in place: a new name renames its tools and it reconnects', async ({ page }) => {
  await setUp(page);
  const name = `server${new URL(e2eUrls.featuresServer).port}`;
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await openSidebarTab(page, 'Servers');
  const dialog = page.getByRole('dialog', { name: `Edit server ${name}` });
  await dialog
    .getByRole('textbox', { name: 'Headers (one "Name: value" per line, kept in memory only)' })
    .fill('not a header');
  await expect(dialog.getByRole('list', { name: 'Problems' })).toContainText('Line 1 is not a header');
  await dialog
    .getByRole('textbox', { name: 'Headers (one "Name: value" per line, kept in memory only)' })
    .fill('Authorization: Bearer e2e-token');
  await dialog.getByRole('textbox', { name: 'Name (prefix of its tools)' }).fill('feat');
  await dialog.getByRole('button', { name: 'Save and reconnect' }).click();
  await expect(
    page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'feat connected' }),
  ).toBeVisible();
  await openSidebarTab(page, 'Tools');
  await expect(
    page.getByRole('region', { name: 'Tools' }).getByRole('listitem', { name: 'feat__book_table' }),
  ).toBeVisible();
});
