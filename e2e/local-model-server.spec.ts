// A person running a reasoning model on a local server (llama.cpp's llama-server, vLLM, Ollama, LM Studio):
// the mock Chat Completions API replays a real llama-server's recorded answers (test/fixtures/llama-server/)
// byte for byte. The thinking shows and is kept; the stray "\n" is not; a refused request ends the round as
// failed, with the alert saying how big the request was and what helps.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import type { Page } from '@playwright/test';
import type { Transcript } from '../src/engine/transcript/transcript';
import { E2E_PORTS, e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';
import { enqueue as enqueueAt, resetMock } from './fixtures/mock-control';

const mock = e2eUrls.mockOpenAIApi;
const mockRoot = mock.replace(/\/v1$/, '');
const recording = (name: string): string => readFileSync(`test/fixtures/llama-server/${name}`, 'utf8');
const reasoning = 'Plan - fetch current forecast first; afterwards ask which garments suit it';

interface WireMessage {
  role: string;
  content: unknown;
  tool_calls?: unknown[];
}

async function sentMessages(): Promise<WireMessage[][]> {
  const all = (await (await fetch(`${mockRoot}/__mock/requests`)).json()) as {
    path: string;
    body: { messages: WireMessage[] };
  }[];
  return all.filter((request) => request.path === '/v1/chat/completions').map((request) => request.body.messages);
}

async function enqueue(...replies: unknown[]): Promise<void> {
  await enqueueAt(replies, mockRoot);
}

test.beforeEach(async () => {
  await resetMock(mockRoot);
});

/** The OpenAI-compatible provider at `baseUrl` with no key, as a local server is used. */
async function useLocalServer(page: Page, baseUrl = mock): Promise<void> {
  await openWithDemoConnected(page);
  await openSidebarTab(page, 'Settings');
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
  await page.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await page.getByRole('combobox', { name: 'Model' }).fill('model/scripted-qwen3-think.gguf');
}

async function send(page: Page, message: string): Promise<void> {
  await sendMessage(page, message);
}

/** Chromium reports a refused request itself on the console; nothing else may be logged. */
function allowRefusedRequestLog(pageErrors: string[], pattern: RegExp): void {
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !pattern.test(error)));
}

test('a reasoning model on llama-server: the thinking shows and is kept, the stray "\\n" is not', async ({ page }) => {
  await useLocalServer(page);
  await enqueue(
    { replaySse: recording('sse-think-turn1.txt') },
    { replaySse: recording('sse-turn2.txt') },
    { content: 'Wear a t-shirt and light trousers.' },
  );
  await send(page, 'What should I wear in Oslo today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const round1 = page.getByRole('article', { name: 'Round 1' });
  await round1.getByText('Thinking', { exact: true }).click();
  await expect(round1.getByText(reasoning, { exact: true })).toBeVisible();
  await expect(round1.getByRole('listitem', { name: /demo__weather_get/ })).toContainText('ok');
  await expect(round1).toContainText('stop tool_use');
  await expect(page.getByRole('article', { name: 'Round 3' })).toContainText('Wear a t-shirt');

  // Sent back as the real server was sent it: content null beside the call, no reasoning field it did not ask for.
  const requests = await sentMessages();
  expect(requests).toHaveLength(3);
  const assistant = requests[1]?.find((message) => message.role === 'assistant');
  expect(assistant).toEqual({
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: '3yGuLHFEKFYoDpufbBX8we4o0vqZlejH',
        type: 'function',
        function: { name: 'demo__weather_get', arguments: '{"city":"Oslo"}' },
      },
    ],
  });

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = JSON.parse(readFileSync(await (await downloadPromise).path(), 'utf8')) as Transcript;
  const schema = JSON.parse(readFileSync('docs/transcript.schema.json', 'utf8')) as Record<string, unknown>;
  expect(new Validator(schema, '2020-12', false).validate(transcript).errors).toEqual([]);
  expect(transcript.rounds[0]?.response?.content).toEqual([
    { type: 'thinking', thinking: reasoning, signature: '' },
    { type: 'tool_use', id: '3yGuLHFEKFYoDpufbBX8we4o0vqZlejH', name: 'demo__weather_get', input: { city: 'Oslo' } },
  ]);
});

test('the vLLM / Ollama field name, delta.reasoning, shows the same thinking block', async ({ page }) => {
  await useLocalServer(page);
  await enqueue({ replaySse: recording('sse-think-turn1-reasoning.txt') }, { content: 'Done.' });
  await send(page, 'What should I wear in Oslo today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const round1 = page.getByRole('article', { name: 'Round 1' });
  await round1.getByText('Thinking', { exact: true }).click();
  await expect(round1.getByText(reasoning, { exact: true })).toBeVisible();
});

test('a request too big for the context: the round shows it failed, the alert says by how much and what helps', async ({
  page,
  pageErrors,
}) => {
  await useLocalServer(page);
  await enqueue({ replayHttp: recording('err-too-long.txt') });
  await send(page, 'What should I wear in Oslo today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('error');

  const alert = page.getByRole('alert').filter({ hasText: 'exceed_context_size_error' });
  await expect(alert).toContainText('(HTTP 400)');
  await expect(alert).toContainText('it is 6,030 tokens and the context holds 4,096 tokens, 1,934 tokens too many');
  await expect(alert).toContainText('fewer tools');
  await expect(alert).toContainText('a smaller history');
  await expect(alert).toContainText('a larger context on the server (llama-server --ctx-size');

  const round1 = page.getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText('stop failed');
  await expect(round1).toContainText('No reply: the model call failed');
  await expect(round1).not.toContainText('streaming…');
  await expect(round1).not.toContainText('Waiting for the model…');
  // Not retried: the request itself was at fault.
  expect(await sentMessages()).toHaveLength(1);
  allowRefusedRequestLog(pageErrors, /status of 400/);
});

test('a refused key and an unreachable server also end the round as failed, not streaming', async ({
  page,
  pageErrors,
}) => {
  await useLocalServer(page);
  await enqueue({ error: { status: 401, message: 'Invalid API Key', type: 'authentication_error' } });
  await send(page, 'Hello?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('error');
  await expect(page.getByRole('alert').filter({ hasText: /HTTP 401/ })).toContainText(/key/i);
  const round1 = page.getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText('stop failed');
  await expect(round1).not.toContainText('streaming…');

  // Nothing listens on this loopback port: the request never gets an answer.
  await openSidebarTab(page, 'Settings');
  await page.getByRole('textbox', { name: 'Base URL' }).fill(`http://127.0.0.1:${E2E_PORTS.app + 20}/v1`);
  await send(page, 'Hello again?');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not reach' })).toBeVisible();
  await expect(round1).toContainText('stop failed');
  await expect(round1).toContainText('No reply: the model call failed');
  await expect(round1).not.toContainText('Waiting for the model…');
  allowRefusedRequestLog(pageErrors, /status of 401|ERR_CONNECTION_REFUSED/);
});

test('a run stopped before the model answered shows the round as stopped', async ({ page }) => {
  await useLocalServer(page);
  // The reply's first event would come only after a minute: the stop lands while the model is silent.
  await enqueue({ content: 'Too late.', eventDelayMs: 60_000 });
  await send(page, 'Hello?');
  const round1 = page.getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText('Waiting for the model…');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('aborted');
  await expect(round1).toContainText('stop aborted');
  await expect(round1).toContainText('No reply: the run was stopped before the model answered.');
  await expect(round1).not.toContainText('Waiting for the model…');
});

test('opting in sends the thinking back as reasoning_content (a strict server refuses it: why it is off by default)', async ({
  page,
  pageErrors,
}) => {
  await useLocalServer(page);
  await page.getByText('Model capabilities').click();
  const optIn = page.getByRole('checkbox', { name: 'Send reasoning back as reasoning_content' });
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  await enqueue({ replaySse: recording('sse-think-turn1.txt') });
  await send(page, 'What should I wear in Oslo today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('error');
  await expect(page.getByRole('alert').filter({ hasText: 'HTTP 400' })).toContainText(
    "property 'reasoning_content' is unsupported",
  );
  const assistant = (await sentMessages())[1]?.find((message) => message.role === 'assistant');
  expect(assistant).toMatchObject({ content: null, reasoning_content: reasoning });
  await expect(page.getByRole('article', { name: 'Round 2' })).toContainText('stop failed');
  allowRefusedRequestLog(pageErrors, /status of 400/);
});
