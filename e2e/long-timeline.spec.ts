// A long run stays a light page: only the rounds near the viewport are mounted, and any round is reached
// by jumping to it, by the first error, or by searching — each mounting the round it goes to.
import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { makeLongTranscript } from '../scripts/bench/make-long-transcript';
import { expect, test } from './fixtures/loupe-test';
import { importFile } from './fixtures/run-message';

const ROUNDS = 300;
const FAILING = 217;

/** Opens Loupe and imports a 300-round run whose round 217 fails, written to the test's output as long.json. */
async function importLongRun(page: Page, info: TestInfo): Promise<void> {
  const path = info.outputPath('long.json');
  writeFileSync(path, JSON.stringify(await makeLongTranscript(ROUNDS, FAILING)));
  await page.goto('/');
  await importFile(page, path);
}

test('a 300-round import mounts a few cards, and jump, first error and search reach any round', async ({
  page,
}, info) => {
  await importLongRun(page, info);

  const timeline = page.getByRole('region', { name: 'Timeline' });
  const navigator = page.getByRole('group', { name: 'Round navigator' });
  const said = navigator.getByRole('status', { name: 'Round navigation' });
  const card = (round: number) => timeline.getByRole('article', { name: `Round ${round}`, exact: true });
  const mounted = () => timeline.getByRole('article').count();

  // The last 10 rounds are shown first; the whole run keeps the first of them in view, not round 1.
  await expect(navigator).toContainText(`${ROUNDS} rounds`);
  await expect(card(ROUNDS - 9)).toBeInViewport();
  await expect(card(1)).toHaveCount(0);
  expect(await mounted()).toBeLessThan(20);
  await navigator.getByRole('button', { name: 'First round', exact: true }).click();
  await expect(card(1)).toBeInViewport();
  await expect(card(ROUNDS - 9)).toHaveCount(0);

  // Jump to round N: that card is mounted, on screen and focused; the rest stay unmounted.
  await navigator.getByRole('spinbutton', { name: 'Jump to round' }).fill('150');
  await navigator.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(card(150)).toBeInViewport();
  await expect(page.locator('#round-150')).toBeFocused();
  expect(await mounted()).toBeLessThan(20);
  await expect(card(1)).toHaveCount(0);

  // A round the run does not have is refused in words.
  await navigator.getByRole('spinbutton', { name: 'Jump to round' }).fill('301');
  await navigator.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(said).toHaveText(`There is no round 301: rounds go from 1 to ${ROUNDS}.`);

  // The first error: the failed weather call of round 217.
  await navigator.getByRole('button', { name: 'First error', exact: true }).click();
  await expect(card(FAILING)).toBeInViewport();
  await expect(card(FAILING).getByRole('listitem').filter({ hasText: 'weather_get' })).toContainText('error');
  await expect(said).toHaveText(`Round ${FAILING} has the first error.`);

  // Search: the tool input of round 42 only; then text many rounds share, stepped through.
  const search = navigator.getByRole('searchbox', { name: 'Search rounds' });
  await search.fill('"day":42}');
  await search.press('Enter');
  await expect(card(42)).toBeInViewport();
  await expect(said).toHaveText('Round 42: match 1 of 1.');
  await search.fill('No forecast for day');
  await expect(said).toHaveText('1 round matches.');
  await search.fill('zebra');
  await expect(said).toHaveText('No round contains “zebra”.');

  // Last round, then the person scrolling back to the top brings round 1 back.
  await navigator.getByRole('button', { name: 'Last round', exact: true }).click();
  await expect(card(ROUNDS)).toBeInViewport();
  await page.mouse.wheel(0, -1_000_000);
  await expect(card(1)).toBeVisible();
  expect(await mounted()).toBeLessThan(20);

  // The outline mounts only the rounds in its own view too; scrolled to its end, it reaches the last round.
  const outline = page.getByRole('navigation', { name: 'Outline' });
  const entry = (round: number) => outline.getByRole('button', { name: new RegExp(`^Round ${round}(\\D|$)`) });
  await expect(entry(1)).toBeVisible();
  await expect(entry(ROUNDS)).toHaveCount(0);
  expect(await outline.getByRole('button').count()).toBeLessThan(150);
  await expect(async () => {
    await outline.evaluate((nav) => {
      const box = nav.querySelector<HTMLElement>('.overflow-y-auto');
      if (box) box.scrollTop = box.scrollHeight;
    });
    await expect(entry(ROUNDS)).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(entry(1)).toHaveCount(0);
  await entry(ROUNDS).click();
  await expect(card(ROUNDS)).toBeInViewport();
});

/**
 * Holds back the page's receipt of every whole run's log (the `stored-run-view` parts of kind `log` the worker sends
 * when it opens a stored run) and of every `session-open` reply, until the page calls `__releaseWholeReads()`: the
 * restore's tail stage then lasts as long as the test needs, however fast or slow the machine (it used to last a
 * frame or two, and a loaded machine could show the whole run before the tail). Held messages reach the page in the
 * order they came; the tail (and everything else, heartbeats included) passes at once.
 */
function holdWholeReads(): void {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  (window as unknown as { __releaseWholeReads: () => void }).__releaseWholeReads = release;
  const opens = new Set<string>();
  const post = Reflect.get<Worker, 'postMessage'>(Worker.prototype, 'postMessage');
  // The client posts one argument (the command's envelope).
  Worker.prototype.postMessage = function (this: Worker, message: unknown) {
    const envelope = message as { requestId?: string; command?: { type?: string } };
    if (envelope.command?.type === 'session-open' && typeof envelope.requestId === 'string')
      opens.add(envelope.requestId);
    return post.call(this, message);
  };
  const listen = Reflect.get<Worker, 'addEventListener'>(Worker.prototype, 'addEventListener');
  Worker.prototype.addEventListener = function (this: Worker, ...args: Parameters<Worker['addEventListener']>) {
    const [type, listener] = args;
    if (type !== 'message' || typeof listener !== 'function') return listen.apply(this, args);
    const held = (data: { type?: unknown; part?: unknown; requestId?: unknown }) =>
      (data.type === 'stored-run-view' && data.part === 'log') ||
      (data.type === 'reply' && typeof data.requestId === 'string' && opens.has(data.requestId));
    const holding = (event: Event) => {
      const data: unknown = (event as MessageEvent).data;
      if (typeof data !== 'object' || data === null || !held(data)) return listener.call(this, event);
      void released.then(() => listener.call(this, event));
    };
    return listen.call(this, type, holding, args[2]);
  };
}

/** Whether the session store holds run `label` whole: its record without the mark an import has while it is written. */
function isStored(label: string): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('loupe');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const all = open.result.transaction('sessions', 'readonly').objectStore('sessions').getAll();
      all.onsuccess = () => {
        const records = all.result as { runs: { label: string; importing?: unknown }[] }[];
        open.result.close();
        resolve(records.some((record) => record.runs.some((run) => run.label === label && !run.importing)));
      };
      all.onerror = () => resolve(false);
    };
  });
}

test('a 300-round session restored by a reload shows its last rounds first, then the whole run', async ({
  page,
}, info) => {
  await importLongRun(page, info);
  const navigator = page.getByRole('group', { name: 'Round navigator' });
  await expect(navigator).toContainText(`${ROUNDS} rounds`);
  await expect.poll(() => page.evaluate(isStored, 'Imported from long.json')).toBe(true);

  await page.addInitScript(holdWholeReads);
  await page.reload();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // First the last 10 rounds, with the notice saying the rest is being read.
  const restoring = page.getByRole('region', { name: 'Restoring session' });
  await expect(restoring).toContainText(`Restoring this run: its last 10 of ${ROUNDS} rounds are shown`);
  const tailTop = timeline.getByRole('article', { name: `Round ${ROUNDS - 9}`, exact: true });
  await expect(timeline.getByRole('article').first()).toHaveAccessibleName(`Round ${ROUNDS - 9}`);
  // The person scrolls into the tail's first card (its top 100 px above the viewport's).
  const topWhileRestoring = await tailTop.evaluate((card) => {
    window.scrollBy(0, card.getBoundingClientRect().top + 100);
    return card.getBoundingClientRect().top;
  });
  expect(topWhileRestoring).toBeLessThan(0);
  // The whole run: the navigator counting every round, the notice gone, and the tail's first round still where
  // it was on the screen (the notice going away may move it a little, Chromium keeping the reader's line in place;
  // round 1 is a click away).
  await page.evaluate(() => (window as unknown as { __releaseWholeReads: () => void }).__releaseWholeReads());
  await expect(navigator).toContainText(`${ROUNDS} rounds`);
  await expect(restoring).toHaveCount(0);
  await expect(tailTop).toBeInViewport();
  await expect(timeline.getByRole('article', { name: 'Round 1', exact: true })).toHaveCount(0);
  const top = await tailTop.evaluate((card) => card.getBoundingClientRect().top);
  expect(Math.abs(top - topWhileRestoring)).toBeLessThan(2);
  await navigator.getByRole('button', { name: 'First round', exact: true }).click();
  await expect(timeline.getByRole('article', { name: 'Round 1', exact: true })).toBeInViewport();
});

test('a reload while a 300-round import is being stored: the part stored is shown stopped, and the page says so', async ({
  page,
}, info) => {
  const path = info.outputPath('long.json');
  writeFileSync(path, JSON.stringify(await makeLongTranscript(ROUNDS, FAILING)));
  await page.addInitScript(reloadAtEventPut, CUT_AT_PUT);
  await page.goto('/');
  await page.evaluate(() => sessionStorage.setItem('reload-at-put', 'armed'));
  await importFile(page, path);
  // The page reloads itself in the middle of the writes (at the event row CUT_AT_PUT), as a person might.
  const notice = page.getByRole('region', { name: 'Imported transcript' });
  await expect(notice).toContainText('The import of “long.json” did not finish being saved', { timeout: 30_000 });
  const said = (await notice.getByRole('status').textContent()) ?? '';
  const stored = Number(/: (\d+) of its 300 rounds were stored/.exec(said)?.[1]);
  // Some rounds, not all: the rows before the reload, at most the batch it came in.
  expect(stored).toBeGreaterThan(0);
  expect(stored).toBeLessThan(ROUNDS);
  const navigator = page.getByRole('group', { name: 'Round navigator' });
  const rounds = page.getByRole('region', { name: 'Timeline' }).getByRole('article');
  if (stored > 30) await expect(navigator).toContainText(`${stored} rounds`);
  else await expect(rounds).toHaveCount(stored);
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);

  // Stored closed: the next reload shows the same rounds, with no notice and nothing to resume.
  await page.reload();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // A long run is restored from its last 10 rounds, and the view stays on the first of them.
  const firstShown = stored > 30 ? stored - 9 : 1;
  await expect(timeline.getByRole('article', { name: `Round ${firstShown}`, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Imported transcript' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Interrupted run' })).toHaveCount(0);
  if (stored > 30) await expect(navigator).toContainText(`${stored} rounds`);
  else await expect(rounds).toHaveCount(stored);
  expect(
    await page.evaluate(isStored, `Imported from long.json (cut short: ${stored} of ${ROUNDS} rounds stored)`),
  ).toBe(true);
});

/** How many event rows are stored when the page reloads itself (a 300-round run has some 3,300). */
const CUT_AT_PUT = 1_000;

/** Once armed (in sessionStorage), the page reloads when `at` event rows of its next write are stored; once only. */
function reloadAtEventPut(at: number): void {
  // The worker writes an import's events from the run it keeps (its IndexedDB, where this page's script does not
  // reach), so the page's command that asks for them is cut: the worker is asked for the first `at` events under a
  // request id the page never waits on, and its reply (those rows written) is when the page reloads, while the
  // page still waits for the rest.
  const post = Reflect.get<Worker, 'postMessage'>(Worker.prototype, 'postMessage');
  // The client posts one argument (the message); a cut message is posted the same way.
  Worker.prototype.postMessage = function (this: Worker, message: unknown) {
    const sent = message as { requestId?: string; command?: { type?: string; from?: number; to?: number } };
    const { command } = sent;
    if (command?.type !== 'session-import-store' || sessionStorage.getItem('reload-at-put') !== 'armed')
      return post.call(this, message);
    sessionStorage.setItem('reload-at-put', 'done');
    const requestId = `cut-${String(sent.requestId)}`;
    this.addEventListener('message', (event: MessageEvent<{ type?: string; requestId?: string }>) => {
      if (event.data.type === 'reply' && event.data.requestId === requestId) location.reload();
    });
    return post.call(this, { ...sent, requestId, command: { ...command, to: Math.min(command.to ?? at, at) } });
  };
}
