// The CORS helper end to end: a local MCP server that sends no CORS headers fails in the browser; one click
// on the offer starts the helper (on request, by Loupe's own server), takes its token and connects. Pages of
// other origins can neither start it nor read its token.
import type { Page } from '@playwright/test';
import { parseOriginList } from '../server/check-request-origin';
import { createDemoMcpServer } from '../server/demo-server';
import { serveMcpHttp, type McpHttpHandle } from '../server/serve-mcp-http';
import { e2eUrls, localServerName, loupeOrigins } from './fixtures/e2e-ports';
import { openForeignPage } from './fixtures/foreign-page';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';

let bare: McpHttpHandle;

test.beforeAll(async () => {
  // Like many local MCP servers: no CORS headers at all. It still refuses pages that are not Loupe.
  bare = await serveMcpHttp(createDemoMcpServer, {
    sendCorsHeaders: false,
    allowedOrigins: parseOriginList(loupeOrigins.join(',')),
  });
});
test.afterAll(async () => {
  await bare.close();
});

/** The browser reports a blocked cross-origin call in the console; for these tests it is the expected start. */
function dropCorsNoise(errors: string[]): void {
  errors.splice(0, errors.length, ...errors.filter((error) => !/CORS policy|Failed to load resource/.test(error)));
}

async function addBareServer(page: Page): Promise<string> {
  const name = localServerName(Number(new URL(bare.url).port));
  await openSidebarTab(page, 'Servers');
  await page.getByLabel('Server URL').fill(bare.url);
  await page.getByRole('button', { name: 'Add server' }).click();
  await expect(page.getByRole('listitem', { name: `${name} error` })).toBeVisible();
  return name;
}

test('one click connects a server without CORS headers through the helper; the token is never saved', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  await expect(page.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  const name = await addBareServer(page);
  const item = page.getByRole('listitem', { name: new RegExp(`^${name} `) });
  await item.getByRole('button', { name: 'Connect through the CORS helper' }).click();
  await expect(page.getByRole('listitem', { name: `${name} connected` })).toBeVisible();
  await expect(item).toContainText('3 tools');
  await expect(item).toContainText(`/proxy?url=${encodeURIComponent(bare.url)}`);

  const token = await page.evaluate(async () => {
    const response = await fetch('/__loupe/cors-helper', { method: 'POST' });
    return ((await response.json()) as { token: string }).token;
  });
  expect(token.length).toBeGreaterThanOrEqual(32);
  const saved = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(saved).toContain('/proxy?url=');
  expect(saved).not.toContain(token);

  // After a reload the token (memory only) is gone: the offer says so and one click brings it back.
  await page.reload();
  const again = page.getByRole('listitem', { name: new RegExp(`^${name} `) });
  await openSidebarTab(page, 'Servers');
  await again.getByRole('button', { name: 'Reconnect through the CORS helper' }).click();
  await expect(page.getByRole('listitem', { name: `${name} connected` })).toBeVisible();
  dropCorsNoise(pageErrors);
});

test('another origin can neither start the helper nor read its token', async ({ page, pageErrors }) => {
  const endpoint = `${e2eUrls.app}/__loupe/cors-helper`;
  for (const headers of [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: e2eUrls.mockApi },
    { 'sec-fetch-site': 'cross-site', origin: e2eUrls.app },
    {},
  ]) {
    const response = await fetch(endpoint, { method: 'POST', headers });
    expect(response.status, JSON.stringify(headers)).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.text()).not.toContain('token');
  }
  // From a real page of another origin, the browser itself withholds the answer.
  await openForeignPage(page);
  const outcome = await page.evaluate(async (url) => {
    try {
      const response = await fetch(url, { method: 'POST' });
      return `read ${response.status}`;
    } catch {
      return 'blocked';
    }
  }, endpoint);
  expect(outcome).toBe('blocked');
  dropCorsNoise(pageErrors);
});
