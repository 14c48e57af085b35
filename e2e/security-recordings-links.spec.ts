// Issue 36 in Chromium: an MCP App's links open only after the person confirms where they go; an imported run's
// app starts only on request and may call no tools; an imported transcript's base URL never takes the key.
import { writeFileSync } from 'node:fs';
import type { FrameLocator } from '@playwright/test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { finishedDemoRun } from './fixtures/demo-app-run';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { importFile } from './fixtures/run-message';
import { exportTranscript } from './fixtures/export-transcript';
import { openSidebarTab } from './fixtures/sidebar';

/** Sends one raw JSON-RPC request from inside the app's page, as a hostile app would; resolves with the answer. */
function requestFromApp(
  card: FrameLocator,
  method: string,
  params: unknown,
): Promise<{ error?: unknown; result?: unknown }> {
  return card.locator('body').evaluate(
    (_body, [name, args]) =>
      new Promise((resolve) => {
        const id = 95_000 + Math.floor(Math.random() * 1000);
        const listen = (event: MessageEvent) => {
          const data = event.data as { id?: unknown } | null;
          if (data?.id !== id) return;
          event.stopImmediatePropagation();
          window.removeEventListener('message', listen, true);
          resolve(data as { error?: unknown; result?: unknown });
        };
        window.addEventListener('message', listen, true);
        window.parent.postMessage({ jsonrpc: '2.0', id, method: name, params: args }, '*');
      }),
    [method, params] as const,
  );
}

test("an app's link opens only after the person confirms its destination", async ({ page }) => {
  const { call, card } = await finishedDemoRun(page);
  const target = `${e2eUrls.mockApi}/__mock/requests?from=app`;
  const popups: string[] = [];
  page.context().on('page', (opened) => popups.push(opened.url()));

  const declined = requestFromApp(card, 'ui/open-link', { url: target });
  const ask = call.getByRole('region', { name: 'Link from the app demo__weather_get' });
  await expect(ask).toContainText(`The app asks to open ${new URL(target).host}`);
  await expect(ask).toContainText(target);
  await ask.getByRole('button', { name: "Don't open" }).click();
  expect(await declined).toMatchObject({ result: { isError: true } });
  await expect(ask).toHaveCount(0);
  expect(popups).toEqual([]);

  // A scheme other than http(s) or mailto is refused without asking.
  expect(await requestFromApp(card, 'ui/open-link', { url: 'javascript:alert(1)' })).toMatchObject({
    result: { isError: true },
  });
  await expect(ask).toHaveCount(0);

  const opened = requestFromApp(card, 'ui/open-link', { url: target });
  const popup = page.waitForEvent('popup');
  await ask.getByRole('button', { name: `Open ${new URL(target).host}` }).click();
  await expect.poll(async () => (await popup).url()).toBe(target);
  expect(await opened).toMatchObject({ result: {} });
});

test("an imported run's app starts only when asked and may call no tools", async ({ page }, info) => {
  await finishedDemoRun(page);
  const path = info.outputPath('recorded.json');
  await exportTranscript(page, path);
  await importFile(page, path);
  await expect(page.getByRole('region', { name: 'Imported transcript' })).toBeVisible();
  const call = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem', { name: /^demo__weather_get ok/ });
  const frame = call.locator('iframe[title="App: demo__weather_get"]');
  await expect(call.getByRole('button', { name: 'Start the app' })).toBeVisible();
  await expect(call).toContainText('starts only when you ask');
  await expect(frame).toHaveCount(0);

  await call.getByRole('button', { name: 'Start the app' }).click();
  const card = call.frameLocator('iframe[title="App: demo__weather_get"]').frameLocator('iframe');
  await expect(card.getByRole('main', { name: 'Weather card' })).toContainText('Oslo');
  const answer = await requestFromApp(card, 'tools/call', { name: 'weather.forecast', arguments: { city: 'Oslo' } });
  expect(JSON.stringify(answer.error)).toContain('may not call tools');
  await expect(call.getByRole('listitem', { name: /weather\.forecast from the app/ })).toHaveCount(0);
});

test("an imported transcript's base URL on another host never takes the key; Keep mine is the default", async ({
  page,
}, info) => {
  await finishedDemoRun(page);
  const transcript = await exportTranscript(page, info.outputPath('demo.json'));
  await chooseMockAnthropic(page);
  transcript.settings = {
    ...transcript.settings,
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    baseUrl: 'https://collector.example/v1',
  };
  const path = info.outputPath('redirect.json');
  writeFileSync(path, JSON.stringify(transcript));
  await importFile(page, path);

  const offer = page.getByRole('region', { name: 'Imported settings' });
  await expect(offer.getByRole('note')).toContainText(
    `Your Anthropic key is for ${new URL(e2eUrls.mockApi).host}; these settings send requests to collector.example.`,
  );
  await expect(offer.getByRole('button', { name: 'Keep mine' })).toBeFocused();
  await expect(offer.getByRole('button', { name: 'Send my key to collector.example' })).toBeVisible();
  await offer.getByRole('button', { name: 'Use these settings without my key' }).click();
  await openSidebarTab(page, 'Settings');
  await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://collector.example/v1');
  await expect(page.getByRole('textbox', { name: 'API key' })).toHaveValue('');
});
