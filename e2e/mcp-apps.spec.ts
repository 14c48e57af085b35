// MCP Apps end to end: the MCP project's example app server (server-basic-vanillajs, from npm) and the demo
// server's weather card render in the timeline inside their call, on an opaque origin that cannot read Loupe.
import type { FrameLocator } from '@playwright/test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { finishedDemoRun, holdCardForecast } from './fixtures/demo-app-run';
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addToolBreakpoint } from './fixtures/breakpoints';
import { exportTranscript } from './fixtures/export-transcript';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { mockRequests } from './fixtures/mock-control';
import { replaceEditorText } from './fixtures/paused-editor';
import { importFile, sendMessage } from './fixtures/run-message';

const basic = localServerName(E2E_PORTS.basicAppServer);

interface RecordedRequest {
  body: { tools?: { name: string }[]; messages: { role: string; content: unknown }[] };
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
  await replaceDemoServer(page, e2eUrls.basicAppServer);

  await sendMessage(page, 'What time is it on the server?');
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
  await sendMessage(page, 'And now?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const requests = await mockRequests<RecordedRequest>();
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
  await replaceDemoServer(page, e2eUrls.demoServer);
  await expect(page.getByRole('list', { name: 'Servers' })).toContainText('3 tools (+1 for its apps only)');

  await sendMessage(page, 'What should I wear in Paris?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const requests = await mockRequests<RecordedRequest>();
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

test("step mode holds the card's call like a model's: edited input, overridden result, in the transcript", async ({
  page,
}, info) => {
  const run = await finishedDemoRun(page);
  const { call, card } = run;
  const paused = await holdCardForecast(page, run);
  await replaceEditorText(page, 'Tool input', '{"city": "Paris"}');
  await paused.getByRole('button', { name: 'Go on with the app call' }).click();

  await expect(paused).toContainText('before its app sees it');
  // A JSON text result opens as its JSON value; the edit below is of the raw content blocks.
  // One click: the choice holds through the panel's renders as the pause settles (use-kept-state.ts).
  await paused.getByRole('radio', { name: 'Raw content blocks' }).check();
  const edited = '{"days": [{"day": "Someday", "conditions": "snow", "temperatureC": -9}]}';
  await replaceEditorText(page, 'Tool result', JSON.stringify([{ type: 'text', text: edited }]));
  await paused.getByRole('button', { name: 'Go on with the app call' }).click();

  // The card got the result as edited, not the server's.
  const forecast = card.getByRole('list', { name: 'Forecast' });
  await expect(forecast.getByRole('listitem')).toHaveText(['Someday: snow, -9 °C']);
  const done = call.getByRole('listitem', { name: 'weather.forecast from the app ok' });
  await expect(done).toContainText('input edited');
  await expect(done).toContainText('result overridden');
  await expect(done.getByLabel('App call input')).toHaveText('{"city":"Paris"}');

  const file = info.outputPath('app-calls.json');
  const transcript = await exportTranscript(page, file);
  const [appCall] = transcript.rounds[0]?.appCalls ?? [];
  expect(appCall).toMatchObject({
    name: 'demo__weather_forecast',
    toolName: 'weather.forecast',
    input: { city: 'Paris' },
    status: 'ok',
    content: [{ type: 'text', text: edited }],
  });
  expect(appCall?.edits.map((edit) => edit.what)).toEqual(['input', 'result']);
  // The model never asked for it: no tool_use or tool_result of it in the history.
  expect(JSON.stringify(transcript.messages)).not.toContain('forecast');

  await importFile(page, file);
  await expect(page.getByRole('region', { name: 'Imported transcript' })).toContainText('Imported “app-calls.json”');
  const imported = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listitem', { name: /^demo__weather_get ok/ });
  const again = imported.getByRole('listitem', { name: 'weather.forecast from the app ok' });
  await expect(again).toContainText('result overridden');
  await expect(again.getByLabel('App call input')).toHaveText('{"city":"Paris"}');
});

test("a breakpoint on the app-only tool holds the card's call; skipping it answers the card by hand", async ({
  page,
}) => {
  await openWithDemoConnected(page);
  await addToolBreakpoint(page, 'demo__weather_forecast');
  await sendMessage(page, 'What should I wear in Oslo today?');
  // The model never calls the app-only tool: the run goes through without stopping.
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const call = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem', { name: /^demo__weather_get ok/ });
  const card = call.frameLocator('iframe[title="App: demo__weather_get"]').frameLocator('iframe');
  await card.getByRole('button', { name: '3-day forecast' }).click();
  const held = call.getByRole('listitem', { name: 'weather.forecast from the app held' });
  const paused = held.getByRole('region', { name: 'Paused step' });
  await expect(paused).toContainText('breakpoint: tool demo__weather_forecast');
  await paused.getByText('Skip the call and give its result by hand').click();
  await paused.getByLabel('Result kind').selectOption('json');
  await paused
    .getByLabel('Result given by hand')
    .fill('{"days": [{"day": "By hand", "conditions": "fog", "temperatureC": 1}]}');
  await paused.getByRole('button', { name: 'Skip with this result' }).click();
  await expect(card.getByRole('list', { name: 'Forecast' }).getByRole('listitem')).toHaveText(['By hand: fog, 1 °C']);
  await expect(call.getByRole('listitem', { name: 'weather.forecast from the app ok' })).toContainText(
    'skipped; result given by hand',
  );
});

/** Sends raw `tools/call` requests from inside the app's page, as a hostile app would; resolves with the answers. */
async function callFromInsideApp(
  card: FrameLocator,
  calls: { name: string; arguments: Record<string, unknown> }[],
): Promise<{ id: number; error?: { message: string }; result?: unknown }[]> {
  return card.locator('body').evaluate(
    (_body, requests) =>
      new Promise((resolve) => {
        const answers: { id: number }[] = [];
        // Taken before the page's own bridge hears them (it would not know these ids).
        const listen = (event: MessageEvent) => {
          const data = event.data as { id?: unknown } | null;
          if (typeof data?.id !== 'number' || data.id < 90_000) return;
          event.stopImmediatePropagation();
          answers.push(data as { id: number });
          if (answers.length === requests.length) {
            window.removeEventListener('message', listen, true);
            resolve(answers);
          }
        };
        window.addEventListener('message', listen, true);
        requests.forEach((params, index) =>
          window.parent.postMessage({ jsonrpc: '2.0', id: 90_000 + index, method: 'tools/call', params }, '*'),
        );
      }),
    calls,
  );
}

test('a hostile app: a tool its server lacks is refused and shown; a flood stops at 50 calls, said so', async ({
  page,
}) => {
  const { call, card } = await finishedDemoRun(page);
  const [missing] = await callFromInsideApp(card, [{ name: 'no.such', arguments: {} }]);
  expect(missing?.error?.message).toContain('This server has no tool "no.such"');
  await expect(call.getByRole('listitem', { name: 'no.such from the app not-found' })).toBeVisible();

  const flood = Array.from({ length: 60 }, () => ({ name: 'weather.forecast', arguments: { city: 'Oslo' } }));
  const answers = await callFromInsideApp(card, flood);
  expect(answers).toHaveLength(60);
  const refused = answers.filter((answer) => answer.error !== undefined).map((answer) => answer.error?.message);
  expect(refused.some((message) => message?.includes('made 50 calls in this run'))).toBe(true);
  expect(refused.some((message) => message?.includes('at most 4'))).toBe(true);
  // 50 logged in all (the refused one above included), each shown; the rest only counted, in one notice.
  const list = call.getByRole('list', { name: 'Calls from the app demo__weather_get' });
  await expect(list.getByRole('listitem')).toHaveCount(50);
  await expect(call).toContainText('The app of demo__weather_get made 50 calls in this run');
  await expect(page.getByRole('article', { name: 'Round 1' })).toContainText('made 50 calls in this run');
});

test("after Stop, the app's calls are refused and shown", async ({ page }) => {
  await openWithDemoConnected(page);
  await page.getByRole('switch', { name: 'Step mode' }).check();
  await sendMessage(page, 'What should I wear in Oslo today?');
  const status = page.getByRole('status', { name: 'Debugger status' });
  // Step to the weather call's result: the card shows while the run is held there.
  for (const point of ['before the model request', "after the model's reply", 'before demo__weather_get runs']) {
    await expect(status).toContainText(point);
    await page.getByRole('button', { name: 'Step', exact: true }).click();
  }
  await expect(status).toContainText('after demo__weather_get returned');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('aborted');

  const call = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem', { name: /^demo__weather_get ok/ });
  const card = call.frameLocator('iframe[title="App: demo__weather_get"]').frameLocator('iframe');
  await card.getByRole('button', { name: '3-day forecast' }).click();
  await expect(card.getByRole('list', { name: 'Forecast' })).toContainText('The run was stopped');
  await expect(call.getByRole('listitem', { name: 'weather.forecast from the app not-executed' })).toBeVisible();
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
