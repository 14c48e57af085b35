// The In-browser (GGUF) provider end to end in Chromium: llama.cpp (wllama, WebAssembly) inside the engine
// worker, running the tiny GGUF the test writes (random weights over a byte vocabulary; nothing downloaded).
// A random model writes garbage: the tool-call grammar is what makes its call valid. Temperature 0 (always the
// likeliest token) makes every run the same; the tiny model then never ends a reply by itself, so a reply
// ends at its token budget, and Stop always lands while it is being written.
import { createServer } from 'node:http';
import type { Page } from '@playwright/test';
import { writeTinyGguf } from '../src/providers/gguf/testing/write-tiny-gguf';
import { E2E_PORTS, e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { expectDemoConnected, openWithDemoConnected } from './fixtures/demo-connected';
import { loadTinyModel, TINY_MODEL_NAME } from './fixtures/in-browser-model';
import { sendMessage } from './fixtures/run-message';
import { openSidebarTab } from './fixtures/sidebar';
import { sendOnly } from './fixtures/tools-panel';
import { replaceSchemaText } from './fixtures/tool-schema-editor';

/** Only the weather tool, its city an enum: the grammar can then write nothing but a call the demo server answers. */
async function offerOnlyWeather(page: Page): Promise<void> {
  await sendOnly(page, 'demo__weather_get');
  const tools = page.getByRole('region', { name: 'Tools' });
  await tools.getByRole('button', { name: 'Edit demo__weather_get as the model sees it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit demo__weather_get as the model sees it' });
  await replaceSchemaText(
    page,
    dialog,
    '{ "type": "object", "properties": { "city": { "type": "string", "enum": ["Oslo", "Paris"] } }, "required": ["city"] }',
  );
  await dialog.getByRole('button', { name: 'Save edit' }).click();
  await expect(dialog).toBeHidden();
}

async function runOneRound(page: Page): Promise<void> {
  await sendMessage(page, 'What is the weather in Oslo?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('limit:rounds', { timeout: 90_000 });
  const round1 = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText(TINY_MODEL_NAME);
  const call = round1.getByRole('listitem', { name: /demo__weather_get/ });
  await expect(call).toContainText('ok');
  // Which of the two the random model picks is its own; that it is one of them is the grammar's doing.
  await expect(call).toContainText(/"city": "(Oslo|Paris)"/);
}

test('with the constraint on, the tiny model calls the demo server’s tool with valid arguments and the run ends; after a reload the kept model runs again without the file', async ({
  page,
}) => {
  await openWithDemoConnected(page);
  await offerOnlyWeather(page);
  await loadTinyModel(page, { temperature: '0', contextLength: '8192', gguf: { contextLength: 16384 } });
  const loaded = page.getByRole('region', { name: 'Loaded model' });
  await expect(loaded).toContainText("chatml · tool calls in Loupe's prompted format");
  await expect(loaded).toContainText('8,192 tokens (trained 16,384)');
  await expect(page.getByRole('checkbox', { name: 'Constrain tool calls to the schemas' })).toBeChecked();
  const kept = page.getByRole('list', { name: 'Kept models' });
  await expect(kept.getByRole('listitem', { name: TINY_MODEL_NAME })).toContainText('KB');
  await page.getByRole('spinbutton', { name: 'Max tokens' }).fill('150');
  await openSidebarTab(page, 'Policies');
  await page.getByRole('spinbutton', { name: 'Max rounds' }).fill('1');
  await runOneRound(page);

  // A reload: the engine starts without a model; the kept one loads without picking the file again.
  await page.reload();
  await expectDemoConnected(page);
  await openSidebarTab(page, 'Settings');
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('in-browser');
  await expect(page.getByRole('region', { name: 'Loaded model' })).toHaveCount(0);
  await page.getByRole('button', { name: `Load ${TINY_MODEL_NAME}`, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Loaded model' })).toContainText(`Loaded: ${TINY_MODEL_NAME}`);
  await runOneRound(page);
});

test('Stop during generation ends the round at once; the model unloads and its kept copy can be deleted', async ({
  page,
}) => {
  await openWithDemoConnected(page);
  await sendOnly(page);
  await loadTinyModel(page, { temperature: '0', contextLength: '8192', gguf: { contextLength: 16384 } });
  // Without tools the reply streams as it is written; at temperature 0 it would go on for 8,000 tokens.
  await page.getByRole('spinbutton', { name: 'Max tokens' }).fill('8000');
  await sendMessage(page, 'Write a long story.');
  const round1 = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText('{{{');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('aborted');
  await expect(round1).toContainText('interrupted');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();

  await openSidebarTab(page, 'Settings');
  const kept = page.getByRole('list', { name: 'Kept models' });
  // Unload frees the model: a run then asks for a load, as before any load; the kept copy stays listed.
  await page.getByRole('button', { name: 'Unload model', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Loaded model' })).toHaveCount(0);
  await expect(kept.getByRole('listitem', { name: TINY_MODEL_NAME })).toBeVisible();
  await sendMessage(page, 'Still there?');
  await expect(page.getByText(/No in-browser model is loaded/).first()).toBeVisible();
  await openSidebarTab(page, 'Settings');
  await page.getByRole('button', { name: `Delete ${TINY_MODEL_NAME}`, exact: true }).click();
  await expect(kept).toHaveCount(0);
  await expect(page.getByText('No model is kept yet')).toBeVisible();
});

test('a model URL on this machine downloads in the worker and is kept; a URL the rule refuses says why', async ({
  page,
}) => {
  const gguf = writeTinyGguf({ contextLength: 4096 });
  const server = createServer((request, response) => {
    if (request.url !== '/models/loupe-url.gguf') return void response.writeHead(404).end();
    response
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(gguf.length),
        'access-control-allow-origin': e2eUrls.app,
      })
      .end(gguf);
  });
  await new Promise<void>((resolve) => server.listen(E2E_PORTS.modelFileServer, '127.0.0.1', resolve));
  try {
    await openWithDemoConnected(page);
    await openSidebarTab(page, 'Settings');
    await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'In-browser (GGUF)' });
    const url = page.getByRole('textbox', { name: 'Model URL' });
    await url.fill('http://example.com/model.gguf');
    await page.getByRole('button', { name: 'Load model', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Plain http is allowed only on this machine' }),
    ).toBeVisible();

    await url.fill(`http://127.0.0.1:${E2E_PORTS.modelFileServer}/models/loupe-url.gguf`);
    await page.getByRole('button', { name: 'Load model', exact: true }).click();
    const loaded = page.getByRole('region', { name: 'Loaded model' });
    await expect(loaded).toContainText('Loaded: loupe-url.gguf');
    await expect(loaded).toContainText('4,096 tokens');
    await expect(
      page.getByRole('list', { name: 'Kept models' }).getByRole('listitem', { name: 'loupe-url.gguf' }),
    ).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
