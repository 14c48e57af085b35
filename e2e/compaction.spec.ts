// Long runs that fit (issue 15): compaction in a 40-round run against a small context window, and the tool-list
// budget with 150 tools against the OpenAI-compatible provider's 128-tool limit.
import { readFileSync } from 'node:fs';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { useSmallContext } from './fixtures/small-context';
import { mockRequests } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';

interface WireBlock {
  type: string;
  text?: string;
  content?: { type: string; text?: string }[];
}
interface RecordedRequest {
  body: { system?: unknown; tools?: unknown[]; messages: { role: string; content: WireBlock[] }[] };
}

const countResults = (messages: RecordedRequest['body']['messages']): number =>
  messages.flatMap((message) => message.content).filter((block) => block.type === 'tool_result').length;

test('a 40-round run against a small context window compacts, finishes, and the model receives the compacted history', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const policies = await useSmallContext(page, 40);
  const mode = policies.getByRole('combobox', { name: 'Compaction' });
  await expect(mode.getByRole('option')).toHaveText([
    'Off',
    'Trim old tool results',
    'Summarise old rounds',
    'Trim and summarise',
  ]);
  await mode.selectOption({ label: 'Summarise old rounds' });
  const share = policies.getByRole('spinbutton', { name: 'Compact at (% of context)' });
  await share.fill('50');
  await share.blur();

  await sendMessage(page, 'Keep checking the weather.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('limit:rounds', { timeout: 150_000 });

  // The timeline: compactions are policy acts whose text starts with "Compacted".
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // Past 30 rounds the timeline is virtualised: the Round navigator brings a round onto the page.
  const navigator = page.getByRole('group', { name: 'Round navigator' });
  await navigator.getByRole('button', { name: 'Last round', exact: true }).click();
  const last = timeline.getByRole('article', { name: 'Round 41' });
  await expect(last).toContainText('Final answer from what is known after');

  // The model received the compacted history: the summary in the first user message, far fewer results than rounds.
  const requests = (await mockRequests<RecordedRequest>()).filter((request) => (request.body.tools ?? []).length > 0);
  expect(requests).toHaveLength(41);
  const final = requests[40]?.body.messages ?? [];
  const first = final[0]?.content.map((block) => block.text ?? '').join('\n') ?? '';
  expect(first).toContain('Keep checking the weather.');
  expect(first).toMatch(
    /\[Compacted by Loupe: a summary of \d+ earlier messages, written by the model, replaces them\.\]\nMock summary: the earlier rounds read \d+ tool results\./,
  );
  expect(countResults(final)).toBeLessThan(15);
  const summaries = (await mockRequests<RecordedRequest>()).filter(
    (request) => (request.body.tools ?? []).length === 0 && request.body.messages.length === 1,
  );
  expect(summaries.length).toBeGreaterThan(0);

  // The transcript keeps the full history, what each round sent, and every compaction.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    messages: { content: WireBlock[] }[];
    settings: { policies?: { compaction?: unknown } };
    rounds: { compactions?: { made: { tokensBefore: number; tokensAfter: number; summary?: string } }[] }[];
  };
  expect(countResults(transcript.messages as RecordedRequest['body']['messages'])).toBe(40);
  expect(transcript.settings.policies?.compaction).toEqual({
    mode: 'summarise',
    thresholdPercent: 50,
    everyRounds: 0,
    keepRounds: 2,
  });
  const made = transcript.rounds.flatMap((round) => round.compactions ?? []).map((compaction) => compaction.made);
  expect(made.length).toBe(summaries.length);
  for (const compaction of made) {
    expect(compaction.tokensAfter).toBeLessThan(compaction.tokensBefore);
    expect(compaction.summary).toMatch(/^Mock summary:/);
  }

  // The last round that compacted shows it.
  const compactedRound = transcript.rounds.findLastIndex((round) => (round.compactions ?? []).length > 0) + 1;
  expect(compactedRound).toBeGreaterThan(11);
  await navigator.getByRole('spinbutton', { name: 'Jump to round' }).fill(String(compactedRound));
  await navigator.getByRole('button', { name: 'Go', exact: true }).click();
  const card = timeline.getByRole('article', { name: `Round ${compactedRound}` });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText(/^Compacted: summarised \d+ old messages, ~[\d,]+ → ~[\d,]+ tokens/)).toBeVisible();
  await expect(card).toContainText('Summary: Mock summary: the earlier rounds read');
});

test('150 tools: the budget shows the count and the tokens; the OpenAI-compatible provider warns about 128 before the run', async ({
  page,
}) => {
  await page.goto('/');
  await replaceDemoServer(page, e2eUrls.manyToolsServer);
  await openSidebarTab(page, 'Tools');
  const tools = page.getByRole('region', { name: 'Tools' });
  const budget = tools.getByText(/^Tool budget: 150 tools, ~[\d,]+ tokens per request$/);
  await expect(budget).toBeVisible();
  await budget.click();
  const perTool = tools.getByRole('list', { name: 'Tokens per tool' }).getByRole('listitem');
  await expect(perTool).toHaveCount(10);
  // Sorted, the costliest first: tool_011 has the longest description (index % 12 = 11).
  await expect(perTool.first()).toContainText('tool_011');
  await expect(tools.getByRole('status', { name: 'Provider limits' })).toHaveCount(0);

  await openSidebarTab(page, 'Settings');
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
  await openSidebarTab(page, 'Tools');
  const limits = tools.getByRole('status', { name: 'Provider limits' });
  await expect(limits).toContainText('OpenAI accepts at most 128 tools in one request (tools: array too long).');
  await expect(limits).toContainText('This run would send 150 tools, 22 more than it accepts.');
  await limits.getByRole('button', { name: 'Send only the first 128' }).click();
  await expect(limits).toHaveCount(0);
  await expect(tools.getByLabel('Tools sent')).toHaveText('128 of 150 sent');
  await expect(tools.getByText(/^Tool budget: 128 tools, ~[\d,]+ tokens per request$/)).toBeVisible();
});
