// A reload while the model streams or while a tool runs: the run comes back stopped with Resume / End here;
// Resume re-enters the interrupted round as the same run and it finishes with a valid history.
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { messageRequests } from './fixtures/mock-control';
import { exportTranscript } from './fixtures/export-transcript';
import { storedEventTypes } from './fixtures/stored-events';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic, MOCK_API_KEY } from './fixtures/choose-mock-anthropic';
import { sendMessage } from './fixtures/run-message';

const media = localServerName(E2E_PORTS.mediaServer);

async function mock(path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${e2eUrls.mockApi}/__mock/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

interface WireRequest {
  path: string;
  body: { messages: { role: string; content: unknown }[] };
}

interface ExportedTranscript {
  finishReason: string;
  messages: { role: string; content: { type: string; id?: string; tool_use_id?: string }[] }[];
  rounds: unknown[];
}

/** Every tool_use has exactly one tool_result, in the next message. */
function expectValidHistory(transcript: ExportedTranscript): void {
  transcript.messages.forEach((message, index) => {
    const uses = message.content.filter((block) => block.type === 'tool_use').map((block) => block.id);
    if (uses.length === 0) return;
    const next = transcript.messages[index + 1]?.content ?? [];
    const answered = next.filter((block) => block.type === 'tool_result').map((block) => block.tool_use_id);
    expect(answered).toEqual(uses);
  });
  expect(transcript.messages.at(-1)?.role).toBe('assistant');
}

test.afterEach(async () => {
  await mock('release');
});

test('a reload mid-stream: Resume asks for the round again and the run finishes', async ({ page }, info) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await mock('enqueue', [
    {
      content: [{ type: 'text', text: 'Let me think about Paris for a moment, then answer.' }],
      holdAfterEvents: 4,
    },
    { content: [{ type: 'text', text: 'Wear a light coat in Paris.' }], stop_reason: 'end_turn' },
  ]);
  await sendMessage(page, 'What should I wear in Paris?');
  const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round).toContainText('Let me think');
  await expect.poll(() => mock('held')).toEqual({ held: 1 });
  await expect.poll(() => storedEventTypes(page)).toContain('round-start');

  await page.reload();
  const notice = page.getByRole('region', { name: 'Interrupted run' });
  await expect(notice).toContainText('Interrupted in round 1, while the model was answering.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('aborted');
  // The key lives in memory only: after a reload the person enters it again.
  await page.getByRole('textbox', { name: 'API key' }).fill(MOCK_API_KEY);
  await notice.getByRole('button', { name: 'Resume', exact: true }).click();

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(notice).toHaveCount(0);
  await expect(round).toContainText('Wear a light coat in Paris.');
  await expect(round).toContainText('the reply is asked for again');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article')).toHaveCount(1);

  const requests = await messageRequests<WireRequest>();
  expect(requests).toHaveLength(2);
  // The same round asked again: the same conversation as the request the reload cut.
  expect(requests[1]?.body.messages).toEqual(requests[0]?.body.messages);
  const transcript = await exportTranscript<ExportedTranscript>(page, info.outputPath('resumed.json'));
  expect(transcript.finishReason).toBe('end_turn');
  expect(transcript.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  expectValidHistory(transcript);
});

test('a reload while a tool runs: Resume keeps finished calls, does not run the other again, and goes on', async ({
  page,
}, info) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, e2eUrls.mediaServer);
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  await mock('enqueue', [
    {
      content: [
        { type: 'tool_use', id: 'toolu_weather', name: 'demo__weather_get', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'toolu_sleep', name: `${media}__sleep`, input: { ms: 600000, progress: false } },
      ],
      stop_reason: 'tool_use',
    },
    { content: [{ type: 'text', text: 'It is mild in Paris; the long task did not run again.' }] },
  ]);
  await sendMessage(page, 'Check the weather and run the long task.');
  const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  const weather = round.getByRole('listitem', { name: /demo__weather_get/ });
  const sleep = round.getByRole('listitem', { name: new RegExp(`${media}__sleep`) });
  await expect(weather).toContainText('ok');
  await expect(sleep).toContainText('running');
  await expect.poll(() => storedEventTypes(page)).toContain('tool-call-end');

  await page.reload();
  const notice = page.getByRole('region', { name: 'Interrupted run' });
  await expect(notice).toContainText('Interrupted in round 1, while tool calls were running (some had finished).');
  await page.getByRole('textbox', { name: 'API key' }).fill(MOCK_API_KEY);
  await notice.getByRole('button', { name: 'Resume', exact: true }).click();

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(weather).toContainText('ok');
  await expect(sleep).toContainText('not-executed');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 2' })).toContainText(
    'the long task did not run again',
  );
  const requests = await messageRequests<WireRequest>();
  // Round 1 was not asked again: one request for it, one for round 2.
  expect(requests).toHaveLength(2);
  expect(JSON.stringify(requests[1]?.body.messages)).toContain('Not executed: the page was reloaded before this call');

  const transcript = await exportTranscript<ExportedTranscript>(page, info.outputPath('resumed-tools.json'));
  expect(transcript.finishReason).toBe('end_turn');
  expect(transcript.rounds).toHaveLength(2);
  expectValidHistory(transcript);
});
