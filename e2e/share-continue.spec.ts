// Issue 35: Continue live. Loupe's own exported curl opened back as a request gives the same rounds, and the run
// goes on against the (mock) model with the person's key and servers; tools no server offers are named first.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { useMockAnthropic } from './fixtures/demo-connected';
import { enqueue, messageRequests } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';

type Sent = { path: string; body: { messages: unknown[]; tools?: { name: string }[]; system?: unknown } };

async function openRequest(page: Page, request: string): Promise<void> {
  await page.getByRole('button', { name: 'Open a request', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a request' });
  await dialog.getByRole('textbox', { name: 'Request', exact: true }).fill(request);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(dialog).toBeHidden();
}

const runActions = (page: Page) => page.getByRole('group', { name: 'Run actions' });

/** The names (with status) of the first demo call in rounds 1 and 2 of `timeline`. */
async function firstCalls(timeline: Locator): Promise<(string | null)[]> {
  const first = (round: number) =>
    timeline
      .getByRole('article', { name: `Round ${round}` })
      .getByRole('listitem', { name: /^demo__/ })
      .first()
      .getAttribute('aria-label');
  return [await first(1), await first(2)];
}

test('an exported curl opened back gives the same rounds; Continue live finishes the run', async ({ page }) => {
  await useMockAnthropic(page);
  await page.getByLabel('System prompt', { exact: true }).fill('Dress advice only.');
  await sendMessage(page, 'What should I wear in Paris today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const original = await firstCalls(timeline);
  const round3 = timeline.getByRole('article', { name: 'Round 3' });
  await round3.getByRole('button', { name: 'curl', exact: true }).click();
  const curl = (await round3.getByLabel('Round 3 as curl').textContent()) ?? '';
  expect(curl).toContain('x-api-key');

  await openRequest(page, curl);
  await expect(timeline.getByRole('article')).toHaveCount(2);
  const opened = await firstCalls(timeline);
  expect(opened).toEqual(original);
  expect(await messageRequests()).toHaveLength(3);

  await runActions(page).getByRole('button', { name: 'Continue live', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  // The continued run goes on at round 3, its first two rounds those of the opened request.
  await expect(page.getByRole('complementary', { name: 'Inherited rounds' })).toContainText('Rounds 1–2');
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('temperatureC');
  const sent = await messageRequests<Sent>();
  expect(sent).toHaveLength(4);
  // The next request is the one the original run sent at round 3: same history, system prompt and tools.
  expect(sent[3]?.body.messages).toEqual(sent[2]?.body.messages);
  expect(sent[3]?.body.system).toEqual(sent[2]?.body.system);
  expect(sent[3]?.body.tools?.map((tool) => tool.name)).toEqual(sent[2]?.body.tools?.map((tool) => tool.name));
});

const lookupRequest = JSON.stringify({
  model: 'claude-haiku-4-5',
  max_tokens: 300,
  tools: [{ name: 'lookup', description: 'Look up.', input_schema: { type: 'object', properties: {} } }],
  messages: [
    { role: 'user', content: 'find it' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'a' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'not yet' }] },
  ],
});

test('Continue live names a tool no server offers before sending; its call is answered by hand', async ({ page }) => {
  await useMockAnthropic(page);
  await openRequest(page, lookupRequest);
  await runActions(page).getByRole('button', { name: 'Continue live', exact: true }).click();
  const choice = page.getByRole('group', { name: 'Tools no server offers' });
  await expect(choice).toContainText('lookup');
  expect(await messageRequests()).toHaveLength(0);

  await enqueue([
    { content: [{ type: 'tool_use', id: 'toolu_2', name: 'lookup', input: { q: 'b' } }] },
    { content: [{ type: 'text', text: 'Found it by hand.' }] },
  ]);
  await choice.getByRole('button', { name: 'Answer them by hand' }).click();
  const paused = page.getByRole('region', { name: 'Paused step' });
  await expect(paused).toContainText('breakpoint: tool lookup');
  await paused.getByText('Skip the call and give its result by hand').click();
  await paused.getByLabel('Result given by hand').fill('the answer is 42');
  await paused.getByRole('button', { name: 'Skip with this result' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Found it by hand.');
  const sent = await messageRequests<Sent>();
  expect(sent.map((request) => request.body.tools?.map((tool) => tool.name))).toEqual([
    expect.arrayContaining(['lookup']),
    expect.arrayContaining(['lookup']),
  ]);
  expect(JSON.stringify(sent[1]?.body.messages.at(-1))).toContain('the answer is 42');
});
