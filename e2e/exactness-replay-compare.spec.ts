// Issue 14: a call's server log on the call; offline replay (no key, no server) and Compare, in a browser.
import type { Page } from '@playwright/test';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { runToEnd, sendMessage } from './fixtures/run-message';
import { enqueue, resetMock } from './fixtures/mock-control';
import { roundCall } from './fixtures/timeline';
import { compareFirstTwoRuns } from './fixtures/compare-runs';

async function enqueueAfterReset(replies: unknown[]): Promise<void> {
  await resetMock();
  await enqueue(replies);
}

const runDemo = (page: Page, city: string): Promise<void> => runToEnd(page, `What should I wear in ${city} today?`);

test("a server's log messages during a call show on that call, in order, with their level", async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, e2eUrls.featuresServer, { connected: false });
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: /connected$/ })).toHaveCount(2);
  const tool = `server${new URL(e2eUrls.featuresServer).port}__chatty`;
  await enqueueAfterReset([
    { content: [{ type: 'tool_use', id: 'toolu_chatty', name: tool, input: {} }], stop_reason: 'tool_use' },
    { content: [{ type: 'text', text: 'It talked.' }], stop_reason: 'end_turn' },
  ]);
  await sendMessage(page, 'Call the chatty tool.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const call = page.getByRole('article', { name: 'Round 1' }).getByRole('listitem', { name: `${tool} ok` });
  await call.getByText('Server log (2 messages)').click();
  const log = call.getByRole('list', { name: `Server log of ${tool}` });
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log.getByRole('listitem').nth(0)).toContainText('info chatty: starting work');
  await expect(log.getByRole('listitem').nth(1)).toContainText('warning {"step":2,"note":"almost done"}');
});

test('offline replay runs the recording with no server, and Compare finds the same behaviour', async ({ page }) => {
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'demo connected' })).toBeVisible();
  await runDemo(page, 'Oslo');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);
  // The answer's words (the card's timings differ on every run).
  const card = (await timeline.getByRole('article', { name: 'Round 3' }).textContent()) ?? '';
  const recordedAnswer = /Fork from here(.*)Export round/s.exec(card)?.[1] ?? '';
  expect(recordedAnswer).toContain('Oslo');

  // No server at all: the recorded results answer the calls.
  await servers.getByRole('button', { name: 'Remove demo' }).click();
  await expect(servers.getByRole('listitem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Replay offline' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(roundCall(timeline, 1, 'demo__weather_get ok')).toContainText('Oslo');
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText(recordedAnswer);
  await expect(timeline).not.toContainText('Replay divergence');

  const dialog = await compareFirstTwoRuns(page);
  // The replay's model is the recording, by design: shown and marked, never counted, and the summary says so
  // (it used to say "No differences" beside a row marked as differing).
  await expect(dialog.getByRole('status', { name: 'Comparison summary' })).toHaveText(
    'Same behaviour: every compared round asked, answered, called and returned the same; only the model differs (marked, not counted).',
  );
  await expect(dialog.getByRole('region', { name: 'Compared round 1' })).toContainText('— same');
  await expect(dialog.getByRole('region', { name: 'Compared round 1' })).toContainText('differs, not counted');
  const totals = dialog.getByRole('table', { name: 'Totals side by side' });
  await expect(totals.getByRole('row', { name: /^rounds/ })).toHaveText('rounds33');
  await expect(totals.getByRole('row', { name: /^tool calls/ })).toHaveText('tool calls22');
});

test('Compare names the first divergence between two different runs', async ({ page }) => {
  await openWithDemoConnected(page);
  await runDemo(page, 'Oslo');
  await runDemo(page, 'Lisbon');
  const dialog = await compareFirstTwoRuns(page);
  await expect(dialog.getByRole('status', { name: 'Comparison summary' })).toContainText(
    'First divergence: round 1, messages sent.',
  );
  await expect(dialog.getByRole('region', { name: 'Compared round 1' })).toContainText('(first divergence)');
});

test('live replay says on the round where the live model answers differently from the recording', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await enqueueAfterReset([
    { content: [{ type: 'text', text: 'Hello from the recording.' }], stop_reason: 'end_turn' },
  ]);
  await sendMessage(page, 'Say hello.');
  const status = page.getByRole('status', { name: 'Run status' });
  await expect(status).toContainText('end_turn');

  await enqueueAfterReset([{ content: [{ type: 'text', text: 'Hello, live.' }], stop_reason: 'end_turn' }]);
  await page.getByRole('button', { name: 'Replay live' }).click();
  const round1 = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText('Hello, live.');
  await expect(status).toContainText('end_turn');
  await expect(round1).toContainText(
    'Replay divergence — Round 1: the reply\'s text differs from the recording — now "Hello, live."; recorded "Hello from the recording.".',
  );
});
