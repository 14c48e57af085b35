// The debugger at a compaction (issue 15): "Pause before compaction" holds each compaction in the round card once
// its summary is made; the summary is edited in place and F8 applies it, the next one is skipped; the model
// receives the edited summary, and the timeline and the transcript record both.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { MOCK_API_KEY } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { useSmallContext } from './fixtures/small-context';
import { mockRequests } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';

interface RecordedRequest {
  body: { tools?: unknown[]; messages: { role: string; content: { type: string; text?: string }[] }[] };
}

const EDITED = 'Edited by a person: the weather tool kept failing; nothing else is known.';

/** Runs with summaries at half the context and "Pause before compaction" on, until the first compaction holds. */
async function pausedAtCompaction(page: Page): Promise<{ timeline: Locator; paused: Locator }> {
  const policies = await useSmallContext(page, 14);
  await policies.getByRole('combobox', { name: 'Compaction' }).selectOption({ label: 'Summarise old rounds' });
  const share = policies.getByRole('spinbutton', { name: 'Compact at (% of context)' });
  await share.fill('50');
  await share.blur();
  await openSidebarTab(page, 'Breakpoints');
  await page.getByRole('checkbox', { name: 'Pause before compaction' }).check();
  await expect(page.getByRole('list', { name: 'Breakpoints' })).toContainText('before a compaction');
  await sendMessage(page, 'Keep checking the weather.');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const paused = timeline.getByRole('region', { name: 'Paused step' });
  await expect(paused).toContainText(/Paused before the history is compacted \(after round \d+\)/, { timeout: 60_000 });
  return { timeline, paused };
}

test('pause before a compaction: edit the summary and apply it with F8, skip the next; model, timeline and transcript agree', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The first compaction holds in the card of the round that just ended, with its plan and the model's summary.
  const { timeline, paused } = await pausedAtCompaction(page);
  const heading = (await paused.getByRole('heading').first().textContent()) ?? '';
  const round = Number(/after round (\d+)/.exec(heading)?.[1]);
  const card = timeline.getByRole('article', { name: `Round ${round}` });
  await expect(card.getByRole('region', { name: 'Paused step' })).toBeVisible();
  await expect(paused).toContainText('breakpoint: before a compaction');
  await expect(paused.getByLabel('Compaction tokens')).toHaveText(/^≈ [\d,]+ → ≈ [\d,]+$/);
  const summary = paused.getByRole('textbox', { name: 'Compaction summary' });
  await expect(summary).toBeFocused();
  await expect(summary).toHaveValue(/^Mock summary: the earlier rounds read \d+ tool results\./);
  // The summariser was asked before the pause; the follow-up request was not sent yet.
  const before = (await mockRequests<RecordedRequest>()).filter(
    (request) => (request.body.tools ?? []).length > 0,
  ).length;
  expect(before).toBe(round);

  // An empty summary is refused where the person is looking; Undo edits brings the model's back.
  await summary.fill('   ');
  await page.keyboard.press('F8');
  await expect(paused.getByRole('list', { name: 'Edit problems' })).toContainText('The summary is empty');
  await expect(paused.getByRole('alert')).toContainText('Fix the edit first');
  await summary.fill(EDITED);
  await page.keyboard.press('F8');
  await expect(
    card.getByText(/^Compacted: summarised \d+ old messages, .* The summary was edited at a pause\./),
  ).toBeVisible();
  await expect(card.getByRole('list', { name: `Debugger marks of round ${round}` })).toContainText(
    'compaction summary edited',
  );

  // The next compaction holds too: skip it (Continue mode goes on to the end afterwards).
  await expect(paused).toContainText(/Paused before the history is compacted \(after round \d+\)/, { timeout: 60_000 });
  const nextHeading = (await paused.getByRole('heading').first().textContent()) ?? '';
  const skippedRound = Number(/after round (\d+)/.exec(nextHeading)?.[1]);
  expect(skippedRound).toBeGreaterThan(round);
  await page.getByRole('checkbox', { name: 'Pause before compaction' }).uncheck();
  await paused.getByRole('button', { name: 'Skip compaction' }).click();
  const skippedCard = timeline.getByRole('article', { name: `Round ${skippedRound}` });
  await expect(skippedCard.getByText(/^Compaction skipped at a pause: the history is unchanged/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('limit:rounds', { timeout: 90_000 });

  // The model received the edited summary in the request after the first compaction, never the mock's own.
  const requests = (await mockRequests<RecordedRequest>()).filter((request) => (request.body.tools ?? []).length > 0);
  const afterEdit = requests[round]?.body.messages[0]?.content.map((block) => block.text ?? '').join('\n') ?? '';
  expect(afterEdit).toContain(EDITED);
  expect(afterEdit).not.toContain('Mock summary:');
  // After the skip, the request carried everything since the first compaction whole (one more result than before).
  const count = (index: number): number =>
    (requests[index]?.body.messages ?? [])
      .flatMap((message) => message.content)
      .filter((block) => block.type === 'tool_result').length;
  expect(count(skippedRound)).toBe(count(skippedRound - 1) + 1);

  // The transcript: the edit (before, after) on its round, the compaction with the edited summary, the skip.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    rounds: {
      edits?: { what: string; before: unknown; after: unknown }[];
      compactions?: { made: { summary?: string } }[];
      policyActs?: { detail: string }[];
    }[];
  };
  const edited = transcript.rounds[round - 1];
  expect(edited?.edits).toEqual([
    { what: 'compaction.summary', before: expect.stringMatching(/^Mock summary:/) as unknown, after: EDITED },
  ]);
  expect(edited?.compactions?.[0]?.made.summary).toBe(EDITED);
  expect(transcript.rounds[skippedRound - 1]?.compactions).toBeUndefined();
  expect(transcript.rounds[skippedRound - 1]?.policyActs?.map((act) => act.detail).join('\n')).toContain(
    'Compaction skipped at a pause',
  );
});

test('a reload at the compaction pause holds it again with the same summary, without asking the model again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { paused } = await pausedAtCompaction(page);
  const summary = paused.getByRole('textbox', { name: 'Compaction summary' });
  const shown = await summary.inputValue();
  expect(shown).toMatch(/^Mock summary:/);
  const summaryCalls = async (): Promise<number> =>
    (await mockRequests<RecordedRequest>()).filter((request) => (request.body.tools ?? []).length === 0).length;
  expect(await summaryCalls()).toBe(1);

  await page.reload();
  // The key lived in memory only: the run waits, held at its pause, until the person gives it again and resumes.
  const interrupted = page.getByRole('region', { name: 'Interrupted run' });
  await expect(interrupted).toContainText(/Interrupted while paused in round \d+/);
  await openSidebarTab(page, 'Settings');
  await page.getByRole('textbox', { name: 'API key' }).fill(MOCK_API_KEY);
  await interrupted.getByRole('button', { name: 'Resume' }).click();
  await expect(paused).toContainText(/Paused before the history is compacted \(after round \d+\)/);
  await expect(interrupted).toHaveCount(0);
  await expect(summary).toHaveValue(shown);
  expect(await summaryCalls()).toBe(1);

  // Applied as shown after the reload; later compactions go on without a pause.
  await openSidebarTab(page, 'Breakpoints');
  await page.getByRole('checkbox', { name: 'Pause before compaction' }).uncheck();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('limit:rounds', { timeout: 90_000 });
  const requests = (await mockRequests<RecordedRequest>()).filter((request) => (request.body.tools ?? []).length > 0);
  const carried = requests.map((request) =>
    request.body.messages[0]?.content.map((block) => block.text ?? '').join('\n'),
  );
  expect(carried.some((text) => text?.includes(shown))).toBe(true);
});
