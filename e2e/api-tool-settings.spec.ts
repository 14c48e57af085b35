// The API's own features set in the page, end to end in Chromium against the mock Messages API (which refuses what
// the API refuses): memory calls run by Loupe on this browser's storage and edited in the Memory tab; a tool made
// strict and callable from code; context management sent with its beta header; a server run through the API; the
// tool budget offering tool search for 300 tools, one of them pinned, and the tool it finds called.
import type { Page } from '@playwright/test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { expect, test } from './fixtures/loupe-test';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { enqueue, messageRequests } from './fixtures/mock-control';
import { openSidebarTab } from './fixtures/sidebar';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { toolSearchReply } from './fixtures/mock-server-tool-replies';

interface SentRequest {
  path: string;
  headers: Record<string, string>;
  body: {
    tools?: Record<string, unknown>[];
    mcp_servers?: unknown[];
    context_management?: unknown;
    messages: unknown[];
  };
}

async function ready(page: Page): Promise<void> {
  await openWithDemoConnected(page);
  await chooseMockAnthropic(page);
}

async function run(page: Page, message: string, finish = 'end_turn'): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText(finish);
}

const memoryCall = (id: string, input: Record<string, unknown>) => ({
  content: [{ type: 'tool_use', id, name: 'memory', input }],
  stop_reason: 'tool_use',
});

test('memory files the model creates are kept in this browser and edited in the Memory tab', async ({ page }) => {
  await ready(page);
  await page.getByRole('checkbox', { name: 'Memory', exact: true }).check();
  await enqueue([
    memoryCall('toolu_mem_1', { command: 'create', path: '/memories/prefs.md', file_text: 'Likes green tea.' }),
    memoryCall('toolu_mem_2', { command: 'create', path: '/memories/../../escape.md', file_text: 'no' }),
    { content: [{ type: 'text', text: 'I will remember that.' }] },
  ]);
  await run(page, 'Remember that I like green tea.');

  const requests = await messageRequests<SentRequest>();
  expect(requests[0]?.body.tools).toContainEqual(expect.objectContaining({ type: 'memory_20250818', name: 'memory' }));
  expect(requests[0]?.body.tools?.filter((tool) => tool['name'] === 'memory')).toHaveLength(1);
  const results = JSON.stringify(requests[2]?.body.messages);
  expect(results).toContain('File created successfully at: /memories/prefs.md');
  expect(results).toContain('is outside /memories');

  await openSidebarTab(page, 'Memory');
  const files = page.getByRole('list', { name: 'Memory files' });
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await files.getByRole('button', { name: '/memories/prefs.md' }).click();
  await expect(page.getByLabel('Memory file content')).toHaveValue('Likes green tea.');
  await page.getByLabel('Memory file content').fill('Likes green tea, no sugar.');
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(files.getByRole('listitem')).toContainText('26 characters');

  // The next run's view reads the edited file (the same memory: this session's own).
  await enqueue([
    memoryCall('toolu_mem_3', { command: 'view', path: '/memories/prefs.md' }),
    { content: [{ type: 'text', text: 'No sugar, then.' }] },
  ]);
  await run(page, 'What do I drink?');
  const after = await messageRequests<SentRequest>();
  expect(JSON.stringify(after.at(-1)?.body.messages)).toContain('Likes green tea, no sugar.');
});

test('strict, callable from code and context management go out as the API takes them', async ({ page }) => {
  await ready(page);
  await page.getByRole('checkbox', { name: 'Code execution', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Clear tool uses', exact: true }).check();
  await openSidebarTab(page, 'Tools');
  await page.getByRole('checkbox', { name: 'Strict: demo__weather_get' }).check();
  await page.getByRole('checkbox', { name: 'Callable from code: demo__weather_get' }).check();
  await enqueue([{ content: [{ type: 'text', text: 'Fine.' }] }]);
  await run(page, 'Hello');
  const [request] = await messageRequests<SentRequest>();
  expect(request?.headers['anthropic-beta']).toBe('context-management-2025-06-27');
  expect(request?.body.context_management).toEqual({ edits: [{ type: 'clear_tool_uses_20250919' }] });
  expect(request?.body.tools).toContainEqual(
    expect.objectContaining({
      name: 'demo__weather_get',
      strict: true,
      allowed_callers: ['direct', 'code_execution_20250825'],
    }),
  );
});

test('a server run through the API is named in mcp_servers, its tools not sent, with a warning for a local URL', async ({
  page,
}) => {
  await ready(page);
  await openSidebarTab(page, 'Servers');
  const demo = page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'demo connected' });
  await demo.getByRole('checkbox', { name: 'Run through the API' }).check();
  await expect(demo.getByRole('status')).toContainText('on this machine');
  // No bearer header: no token can go.
  await expect(demo.getByRole('checkbox', { name: 'Send the token to the API' })).toBeDisabled();
  await page.getByLabel('Message', { exact: true }).fill('Weather?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  // The mock refuses a server the API cannot reach (not https), as the API does; the page says so.
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('error');
  const [request] = await messageRequests<SentRequest>();
  expect(request?.headers['anthropic-beta']).toBe('mcp-client-2025-11-20');
  expect(request?.body.mcp_servers).toEqual([{ type: 'url', name: 'demo', url: expect.stringMatching(/^http:\/\//) }]);
  expect(request?.body.tools).toEqual([expect.objectContaining({ type: 'mcp_toolset', mcp_server_name: 'demo' })]);
});

test('300 tools: the tool budget offers tool search; the run defers all but the pinned one, and the found tool is called', async ({
  page,
}) => {
  await page.goto('/');
  await replaceDemoServer(page, e2eUrls.hugeToolsServer);
  const prefix = `${localServerName(E2E_PORTS.hugeToolsServer)}__`;
  await chooseMockAnthropic(page);
  await openSidebarTab(page, 'Tools');
  const offer = page.getByRole('status', { name: 'Tool search offer' });
  await expect(offer).toContainText('300 tools');
  await offer.getByRole('button', { name: 'Use tool search' }).click();
  await expect(offer).toHaveCount(0);
  await page.getByRole('checkbox', { name: `Pin: ${prefix}tool_001` }).check();

  const found = toolSearchReply('tool_25', [`${prefix}tool_250`]);
  await enqueue([
    {
      content: [
        ...found.content.slice(0, 2),
        { type: 'tool_use', id: 'toolu_found', name: `${prefix}tool_250`, input: { query: 'tides' } },
      ],
      stop_reason: 'tool_use',
    },
    { content: [{ type: 'text', text: 'High tide at noon.' }] },
  ]);
  await run(page, 'When is high tide?');
  const [first, second] = await messageRequests<SentRequest>();
  const tools = first?.body.tools ?? [];
  expect(tools).toHaveLength(301);
  const loaded = tools.filter((tool) => tool['defer_loading'] !== true).map((tool) => tool['name']);
  expect(loaded).toEqual([`${prefix}tool_001`, 'tool_search_tool_bm25']);
  expect(tools[300]).toMatchObject({ type: 'tool_search_tool_bm25_20251119' });
  // The server answered the found tool's call; the search went back verbatim before it.
  const history = JSON.stringify(second?.body.messages);
  expect(history).toContain('tool_250: tides');
  expect(history).toContain(`"tool_name":"${prefix}tool_250"`);
  const round = page.getByRole('article', { name: 'Round 1' });
  await expect(round.getByRole('region', { name: 'Tool search', exact: true })).toContainText(`${prefix}tool_250`);
});
