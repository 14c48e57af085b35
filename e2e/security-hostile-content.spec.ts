// What an attacker controls — a transcript someone sent, a model server's error body — shown everywhere Loupe
// shows it: no script runs, no link leaves for a non-http(s) scheme, no remote image loads, and the person's key
// is written nowhere (screen, alert, transcript, report, storage, console), even when the server echoes it.
import { readFileSync, writeFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import type { Page } from '@playwright/test';
import { chooseMockAnthropic, MOCK_API_KEY } from './fixtures/choose-mock-anthropic';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { importFile, sendMessage } from './fixtures/run-message';
import { enqueue } from './fixtures/mock-control';
import { openCompareRuns } from './fixtures/compare-runs';

/** A tracker that must never be asked for anything: a request to it fails the test. */
const TRACKER = 'http://tracker.invalid';
const PWN = 'window.__pwned=1';
const HOSTILE_MARKDOWN = [
  `<img src=x onerror="${PWN}">`,
  `[click me](javascript:${PWN})`,
  `[data](data:text/html,<script>${PWN}</script>)`,
  `![pixel](${TRACKER}/pixel.png)`,
  `<a href="javascript:${PWN}">raw link</a>`,
  `<script>${PWN}</script><iframe src="${TRACKER}/frame"></iframe>`,
  '[ref]\n\n[ref]: javascript:window.__pwned=1',
  '\u202egnp.exe\u200b zero\u200dwidth',
].join('\n\n');
/** Tool names that are also the names of Object.prototype's members. */
const TOOL_RENAMES: [string, string][] = [
  ['demo__weather_get', 'constructor'],
  ['demo__clothing_advise', '__proto__'],
];

/** Fails on anything in the page that could run script, follow a hostile link or fetch a remote image. */
async function expectInert(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    const links = [...document.querySelectorAll('a[href]')]
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => !/^(https?:|mailto:|#)/i.test(href));
    const images = [...document.querySelectorAll('img')]
      .map((image) => image.getAttribute('src') ?? '')
      // The app's own assets (its logo) are same-origin paths; anything else must be inline data.
      .filter((src) => !/^(data:image\/(png|jpeg|gif|webp);base64,|blob:|\/(?!\/))/.test(src));
    const handlers = [...document.querySelectorAll('body *')].flatMap((element) =>
      [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => attribute.name),
    );
    const frames = document.querySelectorAll('body iframe, body script, body object, body embed').length;
    return { links, images, handlers, frames, pwned: (window as { __pwned?: unknown }).__pwned ?? null };
  });
  expect(found).toEqual({ links: [], images: [], handlers: [], frames: 0, pwned: null });
}

test.beforeEach(async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await page.route(`${TRACKER}/**`, (route) => {
    throw new Error(`the page asked the tracker for ${route.request().url()}`);
  });
});

/** The demo transcript of format `version` with its tools renamed to Object.prototype's members, parsed as `T`. */
function renamedTranscript<T>(version: 'v1' | 'v2'): T {
  let text = readFileSync(`test/fixtures/transcripts/${version}/demo-weather-clothing.json`, 'utf8');
  for (const [from, to] of TOOL_RENAMES) text = text.replaceAll(from, JSON.stringify(to).slice(1, -1));
  return JSON.parse(text) as T;
}

test('a hostile transcript is shown as text in the timeline, Outline, JSON viewer, Tests tab and the report', async ({
  page,
}, info) => {
  const transcript = renamedTranscript<{
    runId: string;
    messages: { content: { type: string; text?: string }[] }[];
    rounds: { response: { content: { type: string; text?: string }[] }; toolCalls: { content: unknown[] }[] }[];
  }>('v1');
  transcript.runId = `<img src=x onerror="${PWN}">`;
  transcript.messages[0]!.content[0]!.text = HOSTILE_MARKDOWN;
  transcript.rounds[0]!.response.content[0]!.text = HOSTILE_MARKDOWN;
  transcript.rounds[2]!.response.content[0]!.text = `${HOSTILE_MARKDOWN}\n\n${'a very long line '.repeat(20_000)}`;
  transcript.rounds[0]!.toolCalls[0]!.content = [
    { type: 'text', text: `<script>${PWN}</script> [x](javascript:${PWN})` },
    { type: 'text', text: JSON.stringify({ __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } }) },
  ];
  const path = info.outputPath('hostile.json');
  writeFileSync(path, JSON.stringify(transcript));
  // A tool name with a bidi override (it would show "__proto__txt.exe") is refused whole, in plain words.
  const bidi = info.outputPath('bidi.json');
  writeFileSync(bidi, JSON.stringify(transcript).replaceAll('"__proto__"', '"__proto__\\u202eexe.txt"'));

  await page.goto('/');
  await importFile(page, bidi);
  const refused = page.getByRole('alert').filter({ hasText: '“bidi.json” was not imported — nothing was changed.' });
  await expect(refused).toContainText('.name');
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await importFile(page, path);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);
  const round1 = timeline.getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText('click me');
  await expect(round1.getByRole('listitem', { name: /^constructor / })).toContainText('ok');
  await expect(round1).toContainText(`<script>${PWN}</script>`);
  await expect(
    timeline.getByRole('article', { name: 'Round 2' }).getByRole('listitem', { name: /^__proto__/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Outline' }).getByRole('button', { name: /^Round 1/ }),
  ).toBeVisible();
  await expectInert(page);
  expect(await page.evaluate(() => (({}) as { polluted?: unknown }).polluted ?? null)).toBeNull();

  // The Tests tab reads the run's prompt and tool names.
  await page.getByRole('button', { name: 'Make a test' }).click();
  await openSidebarTab(page, 'Tests');
  await expect(page.getByRole('region', { name: 'Tests' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tests' })).toContainText('constructor');
  await expectInert(page);

  // The report someone downloads and opens in any Markdown viewer.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  const report = readFileSync(await (await download).path(), 'utf8');
  const html = new MarkdownIt({ html: true }).render(report);
  expect(html).not.toMatch(/<(img|script|iframe)\b|href="(?!https?:)/i);
  expect(report).toContain('click me');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a model server that echoes the key in its error: the alert, transcript, storage and console never hold it', async ({
  page,
  pageErrors,
}) => {
  // The key the e2e mock accepts (it refuses any other before reading its queue).
  const key = MOCK_API_KEY;
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/');
  await chooseMockAnthropic(page, key);
  const enqueued = await enqueue([
    {
      error: {
        status: 401,
        type: 'authentication_error',
        message: `invalid x-api-key: ${key} (headers received: {"x-api-key":"${key}"})`,
      },
    },
  ]);
  expect(enqueued.ok).toBe(true);
  await sendMessage(page, 'Hello');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('error');
  const alert = page.getByRole('alert').filter({ hasText: 'The API key was refused' });
  await expect(alert).toContainText('invalid x-api-key: REDACTED');
  expect(await page.locator('body').innerText()).not.toContain(key);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');
  expect(exported).toContain('invalid x-api-key: REDACTED');
  expect(exported).not.toContain(key);

  const stored = await page.evaluate(async () => {
    const databases = await indexedDB.databases();
    const dumps: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const { name } of databases) {
      if (name === undefined) continue;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error(String(request.error)));
      });
      for (const store of database.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = database.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(new Error(String(request.error)));
        });
        dumps.push(JSON.stringify(all));
      }
      database.close();
    }
    return dumps.join('\n');
  });
  expect(stored).toContain('REDACTED');
  expect(stored).not.toContain(key);
  expect(logged.join('\n')).not.toContain(key);
  // Chromium logs the refused request itself (status only); that is the browser, not Loupe.
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 401/.test(error)));
});

test('hostile branches: the branch switcher and Compare show their names and text inert; repeated ids are refused', async ({
  page,
}, info) => {
  // Tools named as Object.prototype's members (and so no MCP App card of the demo server either).
  const base = renamedTranscript<{
    runId: string;
    messages: { role: string; content: { type: string; text?: string }[] }[];
    rounds: { response: { content: { type: string; text?: string }[] }; toolCalls: unknown[] }[];
    finishReason: string;
    usage: unknown;
    branches?: unknown[];
  }>('v2');
  const fork = structuredClone(base);
  fork.messages[0]!.content[0]!.text = `\u202etxt.exe ${HOSTILE_MARKDOWN}`;
  fork.rounds[2]!.response.content[0]!.text = HOSTILE_MARKDOWN;
  base.branches = [
    {
      runId: '__proto__',
      name: `<img src=x onerror="${PWN}"> constructor \u202eexe.txt`,
      parentRunId: base.runId,
      forkRound: 1,
      messages: fork.messages,
      rounds: fork.rounds,
      finishReason: fork.finishReason,
      usage: fork.usage,
    },
  ];
  const path = info.outputPath('hostile-branches.json');
  writeFileSync(path, JSON.stringify(base));
  // The same file with a call id used twice: refused whole, naming both places.
  const repeated = structuredClone(base);
  repeated.rounds[1]!.toolCalls.push(structuredClone(repeated.rounds[0]!.toolCalls[0]));
  const repeatedPath = info.outputPath('repeated-ids.json');
  writeFileSync(repeatedPath, JSON.stringify(repeated));

  await page.goto('/');
  await importFile(page, repeatedPath);
  const refused = page
    .getByRole('alert')
    .filter({ hasText: '“repeated-ids.json” was not imported — nothing was changed.' });
  await expect(refused).toContainText('rounds[1].toolCalls[1].id');
  await expect(refused).toContainText('a call id used once in the run');
  await expect(refused).toContainText('first at rounds[0].toolCalls[0].id');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article')).toHaveCount(0);
  await refused.getByRole('button', { name: 'Dismiss' }).click();

  await importFile(page, path);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);
  const branch = page.getByRole('combobox', { name: 'Branch' });
  await expect(branch.getByRole('option')).toHaveCount(2);
  const hostileOption = branch.getByRole('option', { name: /onerror/ });
  await expect(hostileOption).toHaveCount(1);
  await branch.selectOption({ label: (await hostileOption.textContent()) ?? '' });
  await expect(timeline).toContainText('click me');
  await expect(timeline).toContainText(`<script>${PWN}</script>`);
  await expectInert(page);

  const compare = await openCompareRuns(page);
  await expect(compare.getByRole('combobox', { name: 'Left run' })).toBeVisible();
  await expect(compare.getByRole('table').first()).toBeVisible();
  await expectInert(page);
  await compare.getByRole('button', { name: 'Close' }).click();

  expect(await page.evaluate(() => (({}) as { polluted?: unknown }).polluted ?? null)).toBeNull();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
