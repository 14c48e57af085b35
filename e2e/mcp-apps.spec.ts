// MCP Apps end to end: the MCP project's example app server (server-basic-vanillajs, from npm) and the demo
// server's weather card render in the timeline inside their call, on an opaque origin that cannot read Loupe.
import type { FrameLocator, Page } from '@playwright/test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';

const basic = localServerName(E2E_PORTS.basicAppServer);

interface RecordedRequest {
  body: { tools?: { name: string }[]; messages: { role: string; content: unknown }[] };
}

async function mockRequests(): Promise<RecordedRequest[]> {
  const response = await fetch(`${e2eUrls.mockApi}/__mock/requests`);
  return (await response.json()) as RecordedRequest[];
}

async function addServer(page: Page, url: string, name: string): Promise<void> {
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await page.getByRole('textbox', { name: 'Server URL' }).fill(url);
  await page.getByRole('button', { name: 'Add server' }).click();
  await expect(servers.getByRole('listitem', { name: `${name} connected` })).toBeVisible();
}

/** Runs `code` inside the app's own page (the frame inside Loupe's sandbox page) and returns what it saw. */
async function probe(frame: FrameLocator): Promise<Record<string, string>> {
  const inner = frame.frameLocator('iframe');
  return inner.locator('body').evaluate(() => {
    const attempt = (read: () => unknown): string => {
      try {
        return `read: ${String(read())}`;
      } catch (error) {
        return `blocked: ${error instanceof Error ? error.name : String(error)}`;
      }
    };
    return {
      origin: window.origin,
      localStorage: attempt(() => window.localStorage.getItem('loupe.settings')),
      cookie: attempt(() => document.cookie),
      parentDocument: attempt(() => window.parent.document.title),
      topDocument: attempt(() => window.top?.document.title),
      parentStorage: attempt(() => window.parent.localStorage.length),
      indexedDB: attempt(() => indexedDB.open('loupe')),
    };
  });
}

test('the example MCP App renders in its call, on an opaque origin that cannot read Loupe', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await page.evaluate(() => localStorage.setItem('loupe.e2e-secret', 'sk-must-not-leak'));
  await openSidebarTab(page, 'Servers');
  await page.getByRole('list', { name: 'Servers' }).getByRole('button', { name: 'Remove demo' }).click();
  await addServer(page, e2eUrls.basicAppServer, basic);

  await page.getByLabel('Message', { exact: true }).fill('What time is it on the server?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const call = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listitem', { name: new RegExp(`^${basic}__get-time ok`) });
  const frameElement = call.locator(`iframe[title="App: ${basic}__get-time"]`);
  await expect(frameElement).toBeVisible();
  const sandbox = (await frameElement.getAttribute('sandbox')) ?? '';
  expect(sandbox.split(/\s+/)).toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-same-origin');

  // The app got the call's result through the bridge: it shows the server time (structuredContent.time).
  const app = call.frameLocator(`iframe[title="App: ${basic}__get-time"]`).frameLocator('iframe');
  await expect(app.locator('#server-time')).toHaveText(/^\d{4}-\d{2}-\d{2}T/);
  // Sized to its content: taller than the placeholder height, and no taller than the cap.
  // Chromium runs no animation frames in a cross-origin frame out of view, and the app measures in one.
  await frameElement.scrollIntoViewIfNeeded();
  const frameHeight = () => frameElement.evaluate((element) => element.getBoundingClientRect().height);
  await expect.poll(frameHeight).toBeGreaterThan(250);
  const contentHeight = await app.locator('html').evaluate((element) => Math.ceil(element.scrollHeight));
  expect(Math.abs((await frameHeight()) - contentHeight)).toBeLessThanOrEqual(2);

  // The app calls its server's tool through Loupe; the call is listed under the app.
  await app.getByRole('button', { name: 'Get Server Time' }).click();
  await expect(call.getByRole('listitem', { name: 'get-time from the app ok' })).toBeVisible();

  // ui/message goes into the next request, visibly: an attachment the person sees before sending.
  await app.getByRole('button', { name: 'Send Message' }).click();
  const attachments = page.getByRole('list', { name: 'Attachments' });
  await expect(attachments).toContainText(`Message from the app ${basic}__get-time`);

  const seen = await probe(call.frameLocator(`iframe[title="App: ${basic}__get-time"]`));
  expect(seen.origin).toBe('null');
  expect(seen.localStorage).toMatch(/^blocked: SecurityError/);
  expect(seen.cookie).toMatch(/^blocked: SecurityError/);
  expect(seen.parentDocument).toMatch(/^blocked: SecurityError/);
  expect(seen.topDocument).toMatch(/^blocked: SecurityError/);
  expect(seen.parentStorage).toMatch(/^blocked: SecurityError/);
  expect(seen.indexedDB).toMatch(/^blocked: SecurityError/);
  expect(JSON.stringify(seen)).not.toContain('sk-must-not-leak');

  // The next run sends the app's message with the person's text.
  await page.getByLabel('Message', { exact: true }).fill('And now?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const requests = await mockRequests();
  const sent = requests.flatMap((request) => request.body.messages).map((message) => JSON.stringify(message));
  const next = sent.find((message) => message.includes('And now?'));
  expect(next).toContain('This is message text.');
  expect(next).toContain(`Message from the app ${basic}__get-time`);
});

test('the demo weather card: the app-only forecast tool never reaches the model, the card calls it', async ({
  page,
}) => {
  const demo = localServerName(E2E_PORTS.demoServer);
  await page.goto('/');
  await chooseMockAnthropic(page);
  await openSidebarTab(page, 'Servers');
  await page.getByRole('list', { name: 'Servers' }).getByRole('button', { name: 'Remove demo' }).click();
  await addServer(page, e2eUrls.demoServer, demo);
  await expect(page.getByRole('list', { name: 'Servers' })).toContainText('2 tools (+1 for its apps only)');

  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Paris?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const requests = await mockRequests();
  for (const request of requests) {
    const names = request.body.tools?.map((tool) => tool.name) ?? [];
    expect(names).toContain(`${demo}__weather_get`);
    expect(names.some((name) => name.includes('forecast'))).toBe(false);
  }

  const call = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listitem', { name: new RegExp(`^${demo}__weather_get ok`) });
  const card = call.frameLocator(`iframe[title="App: ${demo}__weather_get"]`).frameLocator('iframe');
  await expect(card.getByRole('main', { name: 'Weather card' })).toContainText('Paris');
  await card.getByRole('button', { name: '3-day forecast' }).click();
  await expect(card.getByRole('list', { name: 'Forecast' }).getByRole('listitem')).toHaveCount(3);
  await expect(call.getByRole('listitem', { name: 'weather.forecast from the app ok' })).toBeVisible();
  // The card's context update waits for the next request, where the person sees it.
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText(
    `Context from the app ${demo}__weather_get`,
  );
});

test('with approval on, an app call waits for Approve, and Deny refuses it', async ({ page }) => {
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Oslo today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  // Step mode holds every call, the app's too (the debugger's own controls stay for the model's calls).
  await page.getByRole('switch', { name: 'Step mode' }).check();

  const call = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem', { name: /^demo__weather_get ok/ });
  const card = call.frameLocator('iframe[title="App: demo__weather_get"]').frameLocator('iframe');
  await card.getByRole('button', { name: '3-day forecast' }).click();
  const held = call.getByRole('listitem', { name: 'weather.forecast from the app held' });
  await expect(held).toContainText('waiting for approval');
  await held.getByRole('button', { name: 'Deny app call' }).click();
  await expect(call.getByRole('listitem', { name: 'weather.forecast from the app denied' })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Forecast' })).toContainText('not available');

  await card.getByRole('button', { name: '3-day forecast' }).click();
  await call
    .getByRole('listitem', { name: 'weather.forecast from the app held' })
    .getByRole('button', { name: 'Approve app call' })
    .click();
  await expect(card.getByRole('list', { name: 'Forecast' }).getByRole('listitem')).toHaveCount(3);
});

test('the sandbox page is on an opaque origin even when opened directly, and says what it is for', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('loupe.e2e-secret', 'sk-must-not-leak'));
  const response = await page.goto('/mcp-app-sandbox.html');
  expect(response?.headers()['content-security-policy']).toContain('sandbox allow-scripts');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await expect(page.locator('body')).toHaveText('This page only runs MCP Apps inside Loupe.');
  const seen = await page.evaluate(() => {
    try {
      return `${window.origin} ${String(localStorage.getItem('loupe.e2e-secret'))}`;
    } catch (error) {
      return `${window.origin} blocked: ${error instanceof Error ? error.name : String(error)}`;
    }
  });
  expect(seen).toBe('null blocked: SecurityError');
});
