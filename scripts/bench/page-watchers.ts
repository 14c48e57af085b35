// Scripts bench-timeline.ts runs in the page: they watch it from inside, so the bench's own polling does not
// count as the page's work.

/** Long tasks are observed from the page's start, so none before a mark is missed or counted twice. */
export const observeLongTasks = () => {
  const tasks: { start: number; duration: number }[] = [];
  (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
};

/**
 * Page script: notes in `window.__benchShown` the `performance.now()` at which `article[aria-label="Round <n>"]`
 * or the navigator's "Last round" button is first in the document, and in `window.__benchLast` when that last
 * round's card is. A long run shows its last 10 rounds, then the whole run virtualised, kept on the first of those
 * (the last round then out of the mounted range): the script clicks "Last round" the moment it is there, as a
 * person wanting the end would, so the time to the last round is the app's own and not a Playwright round trip's. Watched on the page's own mutations (as `watchRunEnd`): a Playwright locator would
 * poll every frame with an accessibility query that walks the page and forces its layout (a task of 50+ ms at
 * 2,000 rounds), which would count as the page's own long tasks.
 * A string, so it runs as an init script too (a restore's reload) and the bundler's helpers never reach the page.
 */
export const shownWatcher = (rounds: number) => `(() => {
  const lastCard = () => document.querySelector('article[aria-label="Round ${rounds}"]') !== null;
  const lastButton = () =>
    [...document.querySelectorAll('[aria-label="Round navigator"] button')].find((button) => button.textContent === 'Last round');
  const check = () => {
    if (window.__benchShown === undefined && (lastCard() || lastButton() !== undefined)) {
      window.__benchShown = performance.now();
      if (!lastCard()) lastButton().click();
    }
    if (window.__benchShown === undefined || !lastCard()) return false;
    window.__benchLast = performance.now();
    return true;
  };
  if (check()) return;
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true });
})()`;

/**
 * Page script: clicks the composer's Run button and returns the `performance.now()` of the click. A Playwright
 * click first finds the button by role (an accessibility query over the whole page) and waits for it to be
 * stable over animation frames: about 15 ms of the page's main thread, counted in a 5 KB stream's busy share.
 */
export const clickRun = `(() => {
  const run = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Run');
  if (run === undefined) throw new Error('No Run button on the page.');
  const at = performance.now();
  run.click();
  return at;
})()`;
