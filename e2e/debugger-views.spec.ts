// Debugger views: forks keep the original round numbers (timeline, Outline, branch bar, Compare), runs carry
// distinct labels, a large value opens in the foldable, searchable JSON viewer, and a JSON tool result is
// edited as JSON at a pause and reaches the model as text, exactly.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { stepThrough } from './fixtures/step-through';
import { selectOptionStarting } from './fixtures/select-option-starting';
import { expectEditorReady } from './fixtures/editor-ready';
import { useMockAnthropic } from './fixtures/demo-connected';
import { messageRequests } from './fixtures/mock-control';
import { runToEnd } from './fixtures/run-message';
import { openCompareRuns } from './fixtures/compare-runs';

interface RecordedRequest {
  path: string;
  body: { messages?: { role: string; content: unknown }[] };
}

async function fork(page: Page, shownRound: number, name: string): Promise<void> {
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline
    .getByRole('article', { name: `Round ${shownRound}` })
    .getByRole('button', { name: 'Fork from here' })
    .click();
  const panel = page.getByRole('group', { name: `Fork from round ${shownRound}` });
  await expect(panel.getByRole('textbox', { name: 'Fork name' })).toHaveValue(`Fork of round ${shownRound}`);
  await panel.getByRole('textbox', { name: 'Fork name' }).fill(name);
  await panel.getByRole('button', { name: 'Start fork' }).click();
}

const clock = String.raw`\d\d:\d\d:\d\d`;

test('a fork keeps the original round numbers everywhere, and every run has its own label', async ({ page }) => {
  test.setTimeout(180_000);
  await useMockAnthropic(page);
  await runToEnd(page, 'What should I wear in Paris today?');
  const runStatus = page.getByRole('status', { name: 'Run status' });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);

  // A fork from round 2 re-asks round 2: its rounds are 2 and 3, round 1 is the original's.
  await fork(page, 2, 'Second try');
  await expect(runStatus).toContainText('end_turn');
  await expect(timeline.getByRole('article')).toHaveText([/^Round 2/, /^Round 3/]);
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('Done.');
  const inherited = timeline.getByRole('complementary', { name: 'Inherited rounds' });
  await expect(inherited).toContainText('Round 1 from “Original”: this fork starts at round 2');
  const outline = page.getByRole('navigation', { name: 'Outline' });
  await expect(outline).toContainText('Round 1 from “Original”');
  await expect(outline.getByRole('button', { name: /^Round \d/ })).toHaveText([/^Round 2/, /^Round 3/]);
  await expect(outline.getByRole('button', { name: 'Jump to demo__clothing_advise in round 2' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Branches' })).toContainText('Forked from round 2 of “Original”.');

  // A fork of the fork, from its round 3 (its own second round): it starts at round 3 too.
  await fork(page, 3, 'Third try');
  await expect(runStatus).toContainText('end_turn');
  await expect(timeline.getByRole('article')).toHaveText([/^Round 3/]);
  await expect(inherited).toContainText('Rounds 1–2 from “Second try”');
  await expect(page.getByRole('region', { name: 'Branches' })).toContainText('Forked from round 3 of “Second try”.');

  // Every run switcher tells the runs apart: name, origin, status, start time.
  const branch = page.getByRole('combobox', { name: 'Branch' });
  await expect(branch.getByRole('option')).toHaveText([
    new RegExp(`^Original · finished · ${clock}$`),
    new RegExp(`^Second try · fork of “Original” @ round 2 · finished · ${clock}$`),
    new RegExp(`^Third try · fork of “Second try” @ round 3 · finished · ${clock}$`),
  ]);
  const shownRun = page.getByRole('combobox', { name: 'Shown run' });
  await expect(shownRun.getByRole('option')).toHaveText([
    new RegExp(`^Run 1 · Original · finished · ${clock}$`),
    new RegExp(`^Run 2 · Second try · fork of Run 1 @ round 2 · finished · ${clock}$`),
    new RegExp(`^Run 3 · Third try · fork of Run 2 @ round 3 · finished · ${clock}$`),
  ]);
  const inheritedShow = inherited.getByRole('button', { name: 'Show “Second try”' });
  await inheritedShow.click();
  await expect(timeline.getByRole('article')).toHaveText([/^Round 2/, /^Round 3/]);

  // Compare lines the fork up with its parent's round 2 and names both by their labels.
  const dialog = await openCompareRuns(page);
  await selectOptionStarting(dialog.getByRole('combobox', { name: 'Left run' }), 'Run 1 · ');
  await selectOptionStarting(dialog.getByRole('combobox', { name: 'Right run' }), 'Run 2 · ');
  await expect(dialog.getByRole('region', { name: 'Compared round 1' }).getByRole('heading')).toHaveText(/^Round 2 — /);
  await expect(dialog).toContainText('round 1 came before the shared point');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The original still counts from 1.
  await selectOptionStarting(branch, 'Original · ');
  await expect(timeline.getByRole('article')).toHaveText([/^Round 1/, /^Round 2/, /^Round 3/]);
  await expect(inherited).toHaveCount(0);
});

test('no round shows before the virtualised list, so a fork panel opened in one is not closed by a remount', async ({
  page,
}) => {
  // The list's code held back, as a loaded machine delays it: once it came after the first rounds, it replaced
  // their plain cards, remounting them, and a fork panel just opened in one closed again.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/virtual-round-list-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await useMockAnthropic(page);
  await runToEnd(page, 'What should I wear in Paris today?');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(0);
  release();
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await timeline.getByRole('article', { name: 'Round 2' }).getByRole('button', { name: 'Fork from here' }).click();
  await expect(page.getByRole('group', { name: 'Fork from round 2' })).toBeVisible();
});

/** A weather report the size of a real API's: 300 stations, one with a needle deep inside. */
function bigReport(): unknown {
  const stations = Array.from({ length: 300 }, (_, index) => ({
    id: index,
    name: `station-${index}`,
    readings: { temperatureC: index % 30, wind: { kph: index % 50, direction: 'NW' } },
    ...(index === 250 ? { note: { deep: { deeper: 'needle in the haystack' } } } : {}),
  }));
  return { city: 'Oslo', stations };
}

test('a JSON result is edited as JSON at a pause, reaches the model as exact text, and opens in the viewer', async ({
  page,
  context,
}) => {
  // Four pauses, a 30 KB paste and a viewer's worth of checks: slow on a machine shared by many runs.
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useMockAnthropic(page);
  await stepThrough(page, 'What should I wear in Oslo today?', [
    'Paused before the model request of round 1',
    "Paused after the model's reply in round 1",
    'Paused before demo__weather_get runs',
    'Paused after demo__weather_get returned',
  ]);

  // The demo server's compact JSON shows as JSON, not as an escaped string.
  const paused = page.getByRole('region', { name: 'Paused step' });
  await expect(paused.getByRole('radio', { name: 'JSON value' })).toBeChecked();
  await expectEditorReady(paused);
  await expect(paused.locator('.monaco-editor')).toContainText('"temperatureC":');
  await expect(paused.locator('.monaco-editor')).not.toContainText('\\"');
  const report = bigReport();
  await paused.getByRole('textbox', { name: 'Tool result JSON' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Pasted (typing 30 KB into Monaco key by key takes minutes).
  await page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify(report, null, 2));
  await page.keyboard.press('ControlOrMeta+V');
  await expect(paused).toContainText('Step or Continue sends this JSON as the result');
  await expect(paused.getByRole('list', { name: 'Edit problems' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  // The model read the edit as one text block, compact like the tool's own text.
  const requests = await messageRequests<RecordedRequest>();
  const results = (requests[1]?.body.messages ?? []).flatMap((message) =>
    Array.isArray(message.content) ? (message.content as { type: string; content?: unknown }[]) : [],
  );
  const sent = results.find((block) => block.type === 'tool_result')?.content;
  expect(sent).toEqual([{ type: 'text', text: JSON.stringify(report) }]);

  // The overridden result is large: it opens in the viewer, folded past its first 200 stations.
  const weather = page.getByRole('article', { name: 'Round 1' }).getByRole('listitem', { name: /demo__weather_get/ });
  const viewer = weather.getByRole('group', { name: 'Result of demo__weather_get' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Fold "stations"' })).toHaveAttribute('aria-expanded', 'true');
  await expect(viewer).not.toContainText('needle');

  // Search finds the needle deep in station 250, unfolds the way to it and scrolls it into view.
  const search = viewer.getByRole('searchbox', { name: 'Search Result of demo__weather_get' });
  await search.fill('NEEDLE');
  const said = viewer.getByRole('status', { name: 'Matches in Result of demo__weather_get' });
  await expect(said).toHaveText('1 match.');
  await search.press('Enter');
  await expect(said).toHaveText('1 of 1 match.');
  const current = viewer.locator('[aria-current="true"]');
  await expect(current).toContainText('"deeper": "needle in the haystack"');
  await expect(current.locator('mark')).toHaveText('needle');
  // Scrolled into view inside the viewer's own scroll box.
  await expect
    .poll(async () => {
      const row = await current.boundingBox();
      const box = await viewer.locator('[data-json-rows]').boundingBox();
      return row !== null && box !== null && row.y >= box.y && row.y + row.height <= box.y + box.height;
    })
    .toBe(true);

  // Collapse all, then a fold by hand, then expand all.
  await viewer.getByRole('button', { name: 'Collapse all' }).click();
  const unfold = viewer.getByRole('button', { name: 'Unfold "stations"' });
  await expect(unfold).toHaveAttribute('aria-expanded', 'false');
  await expect(viewer).toContainText('300 items');
  await expect(viewer).not.toContainText('station-0');
  await unfold.click();
  await expect(viewer.getByRole('button', { name: 'Fold "stations"' })).toHaveAttribute('aria-expanded', 'true');
  await expect(viewer.getByRole('button', { name: 'Unfold 0' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Fold "stations"' }).click();
  await expect(unfold).toBeVisible();
  await viewer.getByRole('button', { name: 'Expand all' }).click();
  await expect(viewer).toContainText('"station-0"');
  await expect(viewer.getByRole('button', { name: 'Fold "readings"' }).first()).toBeVisible();

  // Copy gives the result's text exactly as the model read it.
  await viewer.getByRole('button', { name: 'Copy Result of demo__weather_get' }).click();
  await expect(viewer.getByRole('button', { name: 'Copy Result of demo__weather_get' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(report));

  // Each object and array copies its own value, by keyboard: Tab from a node's fold toggle reaches its Copy.
  const stations = (report as { stations: { readings: unknown }[] }).stations;
  await viewer.getByRole('button', { name: 'Fold 0' }).focus();
  await page.keyboard.press('Tab');
  const copyStation = viewer.getByRole('button', { name: 'Copy $.stations[0]', exact: true });
  await expect(copyStation).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(copyStation).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(stations[0], null, 2));
  await viewer.getByRole('button', { name: 'Copy $.stations[1].readings', exact: true }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    JSON.stringify(stations[1]?.readings, null, 2),
  );
});
