// An MCP server author's path: edit what the model sees of a tool, and mock a tool that does not exist yet.
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { useMockAnthropic } from './fixtures/demo-connected';
import { sendOnly } from './fixtures/tools-panel';
import { importMcpServers } from './fixtures/import-mcp-servers';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { replaceSchemaText } from './fixtures/tool-schema-editor';
import { mockRequests } from './fixtures/mock-control';
import { runToEnd } from './fixtures/run-message';
import { roundCall } from './fixtures/timeline';

interface RecordedRequest {
  body: { tools?: { name: string; description?: string; input_schema?: unknown }[] };
}

test('an edited description is what the next request carries; an invalid edit is never saved', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await openSidebarTab(page, 'Tools');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('listitem', { name: 'demo__weather_get' })).toBeVisible();

  await tools.getByRole('button', { name: 'Edit demo__weather_get as the model sees it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit demo__weather_get as the model sees it' });
  await dialog.getByLabel('Tool description').fill('Edited in Loupe: the forecast for a city.');
  await replaceSchemaText(page, dialog, '{ "type": "object", "properties": { "city": { "type": "strin" } } }');
  await expect(dialog.getByRole('list', { name: 'Problems' })).toContainText('/properties/city/type');
  await expect(dialog.getByRole('button', { name: 'Save edit' })).toBeDisabled();
  await replaceSchemaText(
    page,
    dialog,
    '{ "type": "object", "properties": { "city": { "type": "string" } }, "required": ["city"] }',
  );
  await expect(dialog.getByRole('list', { name: 'Problems' })).toHaveCount(0);
  await expect(dialog.getByLabel('Difference from the server’s version')).toContainText(
    '+ description: Edited in Loupe: the forecast for a city.',
  );
  await dialog.getByRole('button', { name: 'Save edit' }).click();
  await expect(dialog).toBeHidden();
  await expect(tools.getByRole('listitem', { name: 'demo__weather_get' })).toContainText('edited');

  await runToEnd(page, 'What should I wear in Paris?');
  const [first] = await mockRequests<RecordedRequest>();
  const sent = first?.body.tools?.find((tool) => tool.name === 'demo__weather_get');
  expect(sent?.description).toBe('Edited in Loupe: the forecast for a city.');
  expect(sent?.input_schema).toEqual({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });

  // Reset brings the server's version back for the next run.
  await tools.getByRole('button', { name: 'Edit demo__weather_get as the model sees it' }).click();
  await page.getByRole('button', { name: 'Reset to server version' }).click();
  await expect(tools.getByRole('listitem', { name: 'demo__weather_get' })).not.toContainText('edited');
});

test('a local tool with a JavaScript handler is offered to the model and answers its call', async ({ page }) => {
  // The demo server connected first, so its tools are listed when they are switched off.
  await useMockAnthropic(page);
  await sendOnly(page);
  const tools = page.getByRole('region', { name: 'Tools' });

  await tools.getByRole('button', { name: 'New local tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'New local tool' });
  await dialog.getByLabel('Tool name').fill('catalog_search');
  await dialog.getByLabel('Answer with').selectOption({ label: 'JavaScript handler' });
  await dialog.getByLabel(/Handler body/).fill('return { found: [input.query.toUpperCase() + " raincoat"] };');
  await dialog.getByRole('button', { name: 'Save tool' }).click();
  await expect(dialog).toBeHidden();
  await expect(tools.getByRole('listitem', { name: 'catalog_search' })).toBeVisible();
  await expect(tools.getByLabel('Tools sent')).toHaveText('1 of 4 sent');

  await runToEnd(page, 'Find me a raincoat.');
  const [first] = await mockRequests<RecordedRequest>();
  expect(first?.body.tools?.map((tool) => tool.name)).toEqual(['catalog_search']);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(roundCall(timeline, 1, /catalog_search/)).toContainText('ok');
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toContainText('PARIS raincoat');
});

test('a pasted mcpServers JSON adds its HTTP servers and shows the bridge command for stdio ones', async ({ page }) => {
  await page.goto('/');
  await importMcpServers(page, {
    mcpServers: {
      media: { type: 'http', url: e2eUrls.mediaServer },
      files: { command: 'npx', args: ['server-filesystem'] },
    },
  });
  await expect(page.getByLabel('Bridge command for files', { exact: true })).toHaveText(
    'npm run bridge -- --name files npx server-filesystem',
  );
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'media connected' })).toBeVisible();
  await openSidebarTab(page, 'Tools');
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('list', { name: 'Tools of media' })).toBeVisible();
});
