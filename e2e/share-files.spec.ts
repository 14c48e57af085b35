// Issue 35: the files a run is shared as. The HTML file opens from disk with no network and imports back; the HAR
// is HAR 1.2, holds no secret, and Playwright's own HAR reader answers a new page's MCP requests from it.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Validator } from '@cfworker/json-schema';
import type { Page } from '@playwright/test';
import type { Transcript } from '../src/engine/transcript/transcript';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { MOCK_API_KEY } from './fixtures/choose-mock-anthropic';
import { useMockAnthropic } from './fixtures/demo-connected';
import { messageRequests } from './fixtures/mock-control';
import { importFile, sendMessage } from './fixtures/run-message';

const HOSTILE = '</script><img src=x onerror="alert(1)"> What should I wear in Paris today?';

async function exportAs(page: Page, item: string): Promise<{ path: string; name: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Run actions' }).getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  const file = await download;
  return { path: await file.path(), name: file.suggestedFilename() };
}

/** A transcript without what an import gives anew (its run id and dates). */
function comparable(transcript: Transcript): unknown {
  const { runId: _runId, createdAt: _createdAt, app: _app, ...rest } = transcript;
  return rest;
}

test('Export → HTML file: opens from file:// with the network blocked, no request, no error; imports back equal', async ({
  page,
  browser,
}, info) => {
  await useMockAnthropic(page);
  await sendMessage(page, HOSTILE);
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const original = await exportAs(page, 'Transcript (JSON)');
  const html = await exportAs(page, 'HTML file');
  expect(html.name).toMatch(/^loupe-[0-9a-f-]{8}\.html$/);
  const path = info.outputPath('run.html');
  writeFileSync(path, readFileSync(html.path));
  expect(readFileSync(path, 'utf8')).not.toContain(MOCK_API_KEY);

  const offline = await browser.newContext({ offline: true, javaScriptEnabled: true });
  const viewer = await offline.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  viewer.on('request', (request) => requests.push(request.url()));
  viewer.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  viewer.on('pageerror', (error) => problems.push(error.message));
  await offline.route('**/*', (route) =>
    route.request().url().startsWith('file:') ? route.continue() : route.abort(),
  );
  await viewer.goto(pathToFileURL(path).href);
  const timeline = viewer.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toBeVisible();
  await expect(timeline.getByRole('article', { name: 'Round 1' })).toContainText('weather_get');
  await expect(viewer.getByRole('region', { name: 'Prompt', exact: true })).toContainText(HOSTILE);
  expect(await viewer.locator('img').count()).toBe(0);
  expect(requests).toEqual([pathToFileURL(path).href]);
  expect(problems).toEqual([]);
  await offline.close();

  await importFile(page, path);
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article')).toHaveCount(3);
  const back = await exportAs(page, 'Transcript (JSON)');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Transcript;
  expect(comparable(read(back.path))).toEqual(comparable(read(original.path)));
});

const harSchema = JSON.parse(readFileSync('test/fixtures/har/har-1.2.schema.json', 'utf8')) as Record<string, unknown>;

interface Har {
  log: {
    entries: {
      request: { url: string; postData?: { text: string }; headers: { name: string; value: string }[] };
      response: { content: { text?: string } };
    }[];
  };
}

test('Export → HAR: valid HAR 1.2 without secrets; a new page’s MCP requests are answered from it', async ({
  page,
  browser,
}, info) => {
  await useMockAnthropic(page);
  await sendMessage(page, 'What should I wear in Paris today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const file = await exportAs(page, 'HAR');
  expect(file.name).toMatch(/^loupe-[0-9a-f-]{8}\.har$/);
  const text = readFileSync(file.path, 'utf8');
  const har = JSON.parse(text) as Har;
  expect(new Validator(harSchema, '7', false).validate(har).errors).toEqual([]);
  expect(text).not.toContain(MOCK_API_KEY);
  // Every model call and every MCP request of the run is there.
  const posted = har.log.entries.map((entry) => entry.request.postData?.text ?? '');
  expect(har.log.entries.filter((entry) => entry.request.url === `${e2eUrls.mockApi}/v1/messages`)).toHaveLength(3);
  const methods = posted.flatMap((body) => {
    const method = (JSON.parse(body || '{}') as { method?: unknown }).method;
    return typeof method === 'string' ? [method] : [];
  });
  expect(methods).toEqual(expect.arrayContaining(['tools/list', 'tools/call']));
  expect(methods.filter((method) => method === 'tools/call')).toHaveLength(2);

  // The file is changed in one place (each listing's first tool), so what the reload lists can only come from it.
  const listings = har.log.entries.filter(
    (entry) =>
      entry.request.url === e2eUrls.demoServer && entry.request.postData?.text.includes('"method":"tools/list"'),
  );
  expect(listings.length).toBeGreaterThan(0);
  for (const listing of listings) {
    const result = JSON.parse(listing.response.content.text!) as { result: { tools: { description?: string }[] } };
    result.result.tools[0]!.description = 'FROM THE HAR FILE';
    listing.response.content.text = JSON.stringify(result);
  }
  const path = info.outputPath('run.har');
  writeFileSync(path, JSON.stringify(har));

  // A new browser whose MCP requests go only to the file (none reaches the network): Loupe opens, connects the demo
  // server and runs, and the next model request carries the listing the file answered.
  const replay = await browser.newContext();
  await replay.routeFromHAR(path, { url: `${e2eUrls.demoServer}**`, notFound: 'abort' });
  const reloaded = await replay.newPage();
  await useMockAnthropic(reloaded);
  await sendMessage(reloaded, 'And tomorrow?');
  await expect(reloaded.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const sent = await messageRequests<{ path: string; body: { tools?: { description?: string }[] } }>();
  expect(sent.at(-1)?.body.tools?.[0]?.description).toBe('FROM THE HAR FILE');
  await replay.close();
});
