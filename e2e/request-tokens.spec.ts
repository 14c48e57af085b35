// The pending request's size per part (issue 15): at the pause before a request, the estimate per part shows at
// once; the provider's count_tokens (the mock Messages API here, through the real SDK) counts it whole at the
// pause and per part on demand — three counts, whose differences are the parts.
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { useMockAnthropic } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';

interface CountRequest {
  path: string;
  body: { system?: unknown; tools?: unknown[]; tool_choice?: unknown; max_tokens?: unknown; messages: unknown[] };
}

async function countRequests(): Promise<CountRequest[]> {
  const response = await fetch(`${e2eUrls.mockApi}/__mock/requests`);
  return ((await response.json()) as CountRequest[]).filter((request) => request.path === '/v1/messages/count_tokens');
}

/** The mock counts a body at 4 characters a token. */
const mockCount = (body: unknown): number => Math.max(1, Math.ceil(JSON.stringify(body).length / 4));

test('before a request: the size per part as an estimate at once, and counted per part by the provider on demand', async ({
  page,
}) => {
  await useMockAnthropic(page);
  await page.getByRole('textbox', { name: 'System prompt' }).fill('You are a careful assistant. '.repeat(20));
  await page.getByRole('switch', { name: 'Step mode' }).check();
  await sendMessage(page, 'What should I wear in Paris today?');

  const paused = page.getByRole('region', { name: 'Paused step' });
  await expect(page.getByRole('status', { name: 'Debugger status' })).toContainText(
    'Paused before the model request of round 1',
  );
  const estimate = paused.getByLabel('Request size estimate');
  await expect(estimate).toHaveText(/^≈ system [\d,]+ · tools [\d,]+ · history [\d,]+ · total [\d,]+ tokens$/);
  const figures = ((await estimate.textContent()) ?? '').match(/[\d,]+/g) ?? [];
  const [system = 0, tools = 0, history = 0, total = 0] = figures.map((value) => Number(value.replaceAll(',', '')));
  // The system prompt is 580 characters (145 tokens at 4 a token) plus the demo server's instructions; the parts add up.
  expect(system).toBeGreaterThan(145);
  expect(tools).toBeGreaterThan(0);
  expect(history).toBeGreaterThan(0);
  expect(total).toBe(system + tools + history);

  // At the pause the whole request is counted once (no max_tokens, no stream: the API refuses them).
  const counted = paused.getByLabel('Input tokens');
  await expect(counted).toHaveText(/^[\d,]+ input tokens \(counted by the provider\)$/);
  expect(await countRequests()).toHaveLength(1);

  await paused.getByRole('button', { name: 'Count per part' }).click();
  await expect(counted).toHaveText(
    /^[\d,]+ input tokens \(counted by the provider\): system [\d,]+ · tools [\d,]+ · history [\d,]+$/,
  );
  const asked = (await countRequests()).slice(1);
  expect(asked).toHaveLength(3);
  const whole = asked.find((request) => (request.body.tools ?? []).length > 0);
  const withoutTools = asked.find((request) => request.body.tools === undefined && request.body.system !== undefined);
  const bare = asked.find((request) => request.body.tools === undefined && request.body.system === undefined);
  expect(withoutTools?.body.tool_choice).toBeUndefined();
  expect(asked.every((request) => request.body.max_tokens === undefined)).toBe(true);
  // What the panel shows are the differences of what the provider counted.
  const [wholeCount, withoutToolsCount, bareCount] = [whole, withoutTools, bare].map((request) =>
    mockCount(request?.body),
  );
  await expect(counted).toHaveText(
    `${(wholeCount ?? 0).toLocaleString('en-US')} input tokens (counted by the provider): system ${((withoutToolsCount ?? 0) - (bareCount ?? 0)).toLocaleString('en-US')} · tools ${((wholeCount ?? 0) - (withoutToolsCount ?? 0)).toLocaleString('en-US')} · history ${(bareCount ?? 0).toLocaleString('en-US')}`,
  );

  // Nothing was sent to the model meanwhile: counting never blocks or drives the loop.
  const messages = (await (await fetch(`${e2eUrls.mockApi}/__mock/requests`)).json()) as { path: string }[];
  expect(messages.filter((request) => request.path === '/v1/messages')).toHaveLength(0);
  await page.getByRole('switch', { name: 'Step mode' }).uncheck();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  // Each round card says the same of the request it sent, from its recorded request: no count_tokens call.
  const say = (value: number) => value.toLocaleString('en-US');
  const firstCard = page.getByRole('article', { name: 'Round 1' }).getByLabel('Request size estimate of round 1');
  await expect(firstCard).toHaveText(`≈ system ${say(system)} · tools ${say(tools)} · history ${say(history)} tokens`);
  const second = page.getByRole('article', { name: 'Round 2' }).getByLabel('Request size estimate of round 2');
  await expect(second).toHaveText(/^≈ system [\d,]+ · tools [\d,]+ · history [\d,]+ tokens$/);
  const [system2, tools2, history2] = (((await second.textContent()) ?? '').match(/[\d,]+/g) ?? []).map((value) =>
    Number(value.replaceAll(',', '')),
  );
  expect([system2, tools2]).toEqual([system, tools]);
  expect(history2).toBeGreaterThan(history);
  expect(await countRequests()).toHaveLength(4);
});
