// Benchmark (not a test): the timeline in Chromium on the production build. Imports of 20, 200 and 2,000
// rounds (time until the last round is shown, long tasks, heap, DOM nodes), restores of a stored 20- and
// 2,000-round session by a reload (the same measures from the reload on), and streamed Markdown replies of
// 5, 20 and 80 KB from the mock Messages API (main-thread busy share of the stream, long tasks), each as
// the median of BENCH_REPEATS runs (default 3), printed side by side with the ratios. Figures only.
// "Busy" is the wall time of the page's main-thread tasks; on a machine shared with other work it includes the
// time the thread waited for a core, so "CPU" (the main thread's own CPU time) is printed beside it.
// Each import and restore also lists its long tasks (start from the import's click or the reload, duration);
// with BENCH_TRACE=1 a Chromium trace of each sample (kept in <tmpdir>/loupe-bench-traces) gives every task over
// 50 ms with its CPU time and what it ran. One import is made first and discarded, so the first measured size
// does not pay for a cold browser and cache.
// A scroll through an imported 2,000-round run (BENCH_SCROLL sizes), from its last round up a screenful a frame,
// gives the long tasks, the longest frame and the DOM nodes.
// Run: npm run bench:timeline   (BENCH_ROUNDS=20,200 BENCH_RESTORE=20,200 BENCH_SCROLL=200 BENCH_KB=5,20
// BENCH_REPEATS=1 for a quick pass; BENCH_ROUNDS= BENCH_RESTORE= BENCH_SCROLL= for streams only)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { EVENT_DELAY_MS, startBenchApp, watchRunEnd } from './bench/bench-app';
import { makeLongTranscript } from './bench/make-long-transcript';
import { linearFit } from './bench/linear-fit';
import { printTable } from './bench/print-table';
import { clickRun, observeLongTasks, shownWatcher } from './bench/page-watchers';
import { findLongTasks, startTrace, type TraceLongTask } from './bench/trace-long-tasks';

const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map(Number)
    .filter((size) => size > 0);
const roundSizes = list(process.env.BENCH_ROUNDS, '20,200,2000');
const replySizes = list(process.env.BENCH_KB, '5,20,80');
const restoreSizes = list(process.env.BENCH_RESTORE, '20,2000');
const scrollSizes = list(process.env.BENCH_SCROLL, '2000');
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 43990);
const tracing = process.env.BENCH_TRACE === '1';
const traceDir = join(tmpdir(), 'loupe-bench-traces');
let traceCount = 0;

// BENCH_DIST: measure an existing build (e.g. one of an older commit) instead of building this tree.
const app = await startBenchApp({
  outDir: process.env.BENCH_DIST ?? 'dist-bench-timeline',
  port,
  reuse: process.env.BENCH_DIST !== undefined,
});
const { appUrl, browser } = app;

/** Transcripts are cached between runs: making 2,000 rounds with the engine takes a while. */
async function transcriptFile(rounds: number): Promise<string> {
  const dir = join(tmpdir(), 'loupe-bench-transcripts');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `rounds-${rounds}-v1.json`);
  if (!existsSync(path)) writeFileSync(path, JSON.stringify(await makeLongTranscript(rounds)));
  return path;
}

interface Sample {
  ms: number;
  /** Imports: until the timeline shows the run (its first rounds, or its last ones when not virtualised). */
  shownMs?: number;
  longTasks: number;
  longestTask: number;
  heapMb: number;
  nodes: number;
  busyShare: number;
  /** The main thread's CPU time over the same span: what the page itself costs, apart from a busy machine. */
  cpuShare: number;
  /** Imports and restores: each long task, its start from the import's click (or the reload) and its length. */
  tasks?: { start: number; duration: number }[];
  /** With BENCH_TRACE=1: the trace's tasks over 50 ms, with their CPU time and parts. */
  traced?: TraceLongTask[];
}

type Metrics = Record<string, number>;

/** What every sample reports of the page: its long tasks, heap and DOM nodes, and busy and CPU shares of `spanMs`. */
function pageFigures(
  tasks: { duration: number }[],
  settled: Metrics,
  before: Metrics,
  after: Metrics,
  spanMs: number,
): Pick<Sample, 'longTasks' | 'longestTask' | 'heapMb' | 'nodes' | 'busyShare' | 'cpuShare'> {
  return {
    longTasks: tasks.length,
    longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
    heapMb: (settled.JSHeapUsedSize ?? 0) / 1024 / 1024,
    nodes: settled.Nodes ?? 0,
    busyShare: ((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) / (spanMs / 1000),
    cpuShare: ((after.ThreadTime ?? 0) - (before.ThreadTime ?? 0)) / (spanMs / 1000),
  };
}

async function openPage(browser: Browser, traced = tracing) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(observeLongTasks);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(appUrl);
  await page.getByRole('button', { name: 'Import transcript', exact: true }).waitFor();
  await pageSettled(page);
  const metrics = async () => {
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
  };
  const longTasksSince = (since: number) =>
    page.evaluate(
      (from) =>
        (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter(
          (task) => task.start >= from,
        ),
      since,
    );
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return metrics();
  };
  const trace = traced ? await startTrace(cdp) : null;
  /** The trace's long tasks from the last `anchor` mark (none without BENCH_TRACE=1). */
  const tracedSince = async (anchor: string, name: string) => {
    if (trace === null) return undefined;
    const events = await trace();
    // Kept for a closer look (chrome://tracing, or the Performance panel's "Load profile").
    mkdirSync(traceDir, { recursive: true });
    writeFileSync(join(traceDir, `${name}.json`), JSON.stringify({ traceEvents: events }));
    return findLongTasks(events, anchor);
  };
  return { context, page, metrics, longTasksSince, heap, tracedSince };
}

const now = (page: Page) => page.evaluate(() => performance.now());

/**
 * Resolves once the page has finished starting: no request for half a second (the timeline's chunks and the
 * Markdown parser load right after the first paint, the parser at idle) and two idle callbacks after that (the
 * parser's warm-up runs at idle). A person takes longer than that to pick a file; an import measured from
 * the first moment the button exists counted the page's own start-up among the import's long tasks.
 */
async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
}

/** The page watcher's two times (`shownWatcher`); polled a few times a second, not every frame. */
async function waitForLastRound(page: Page): Promise<{ shown: number; end: number }> {
  const handle = await page.waitForFunction(
    () => {
      const bench = window as { __benchShown?: number; __benchLast?: number };
      return bench.__benchLast === undefined ? undefined : { shown: bench.__benchShown ?? 0, end: bench.__benchLast };
    },
    null,
    { polling: 250, timeout: 600_000 },
  );
  return (await handle.jsonValue()) as { shown: number; end: number };
}

async function importFile(page: Page, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import transcript', exact: true }).click();
  await (await chooser).setFiles(path);
}

async function importOnce(rounds: number, path: string): Promise<Sample> {
  const { context, page, metrics, longTasksSince, heap, tracedSince } = await openPage(browser);
  const before = await metrics();
  const start = await page.evaluate(() => performance.mark('bench-import').startTime);
  await page.evaluate(shownWatcher(rounds));
  await importFile(page, path);
  const { shown, end } = await waitForLastRound(page);
  const after = await metrics();
  // Let storage writes and anything else the import started settle before counting the heap and the tasks.
  await page.waitForTimeout(1500);
  const tasks = await longTasksSince(start);
  const traced = await tracedSince('bench-import', `import-${rounds}-${(traceCount += 1)}`);
  const settled = await heap();
  await context.close();
  return {
    tasks: tasks.map((task) => ({ start: task.start - start, duration: task.duration })),
    ...(traced ? { traced } : {}),
    ms: end - start,
    shownMs: shown - start,
    ...pageFigures(tasks, settled, before, after, end - start),
  };
}

/** Resolves once the page's session storage holds a session and its event count has stopped growing. */
async function waitForStorage(page: Page): Promise<void> {
  let last = -1;
  for (;;) {
    const count = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('loupe');
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction(['sessions', 'events'], 'readonly');
            const sessions = tx.objectStore('sessions').count();
            const events = tx.objectStore('events').count();
            tx.oncomplete = () => {
              db.close();
              resolve(sessions.result > 0 ? events.result : -1);
            };
          };
          open.onerror = () => resolve(-1);
        }),
    );
    if (count > 0 && count === last) return;
    last = count;
    await page.waitForTimeout(500);
  }
}

/** A stored session of `rounds` rounds (imported, then written to IndexedDB), restored by a reload. */
async function restoreOnce(rounds: number, path: string): Promise<Sample> {
  const { context, page, metrics, longTasksSince, heap, tracedSince } = await openPage(browser);
  await page.evaluate(shownWatcher(rounds));
  await importFile(page, path);
  await waitForLastRound(page);
  await waitForStorage(page);
  // The reloaded page watches from its start (an init script), before the app's own scripts run.
  await page.addInitScript(shownWatcher(rounds));
  const before = await metrics();
  await page.reload();
  // performance.now() starts again at the reload, and the long-task observer with it.
  const { shown, end } = await waitForLastRound(page);
  const after = await metrics();
  await page.waitForTimeout(1500);
  const tasks = await longTasksSince(0);
  const traced = await tracedSince('navigationStart', `restore-${rounds}-${(traceCount += 1)}`);
  const settled = await heap();
  await context.close();
  return {
    tasks,
    ...(traced ? { traced } : {}),
    ms: end,
    shownMs: shown,
    ...pageFigures(tasks, settled, before, after, end),
  };
}

/** Steps of a scroll through an imported run, one a frame, each `SCROLL_STEP_PX` up from its last round. */
const SCROLL_STEPS = 150;
const SCROLL_STEP_PX = 800;

/**
 * An imported run of `rounds` rounds scrolled from its last round up, SCROLL_STEP_PX a frame (a brisk flick held
 * for a few seconds): the long tasks, the longest frame (from one frame's start to the next) and the DOM nodes at
 * the end. The page scrolls itself, so each step is one frame and not a Playwright round trip.
 */
async function scrollOnce(
  rounds: number,
  path: string,
): Promise<Sample & { longestFrame: number; roundsPassed: number }> {
  const { context, page, metrics, longTasksSince, heap } = await openPage(browser, false);
  await page.evaluate(shownWatcher(rounds));
  await importFile(page, path);
  await waitForLastRound(page);
  await waitForStorage(page);
  const before = await metrics();
  const start = await page.evaluate(() => performance.mark('bench-scroll').startTime);
  const scrolled = await page.evaluate(
    async ({ steps, px }) => {
      // No named functions in here: tsx would wrap them in its `__name` helper, which the page does not have.
      const query = 'article[aria-label^="Round "]';
      const from = Number(document.querySelector(query)?.getAttribute('aria-label')?.slice(6));
      let last = performance.now();
      let longestFrame = 0;
      for (let step = 0; step < steps; step += 1) {
        window.scrollBy({ top: -px, behavior: 'instant' });
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        longestFrame = Math.max(longestFrame, now - last);
        last = now;
      }
      return {
        longestFrame,
        roundsPassed: from - Number(document.querySelector(query)?.getAttribute('aria-label')?.slice(6)),
      };
    },
    { steps: SCROLL_STEPS, px: SCROLL_STEP_PX },
  );
  const end = await now(page);
  const after = await metrics();
  const tasks = await longTasksSince(start);
  const settled = await heap();
  await context.close();
  return {
    ...scrolled,
    ms: end - start,
    ...pageFigures(tasks, settled, before, after, end - start),
  };
}

async function streamOnce(kb: number): Promise<Sample> {
  const { context, page, metrics, longTasksSince, heap } = await openPage(browser, false);
  await app.prepareStream(page, kb);
  const before = await metrics();
  const ended = watchRunEnd(page);
  const start = await page.evaluate<number>(clickRun);
  const end = await ended;
  const after = await metrics();
  const tasks = await longTasksSince(start);
  const settled = await heap();
  await context.close();
  return {
    ms: end - start,
    ...pageFigures(tasks, settled, before, after, end - start),
  };
}

function median(samples: Sample[]): Sample {
  const pick = (key: Exclude<keyof Sample, 'tasks' | 'traced'>) => {
    const sorted = samples.map((sample) => sample[key] ?? 0).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    ms: pick('ms'),
    shownMs: pick('shownMs'),
    longTasks: pick('longTasks'),
    longestTask: pick('longestTask'),
    heapMb: pick('heapMb'),
    nodes: pick('nodes'),
    busyShare: pick('busyShare'),
    cpuShare: pick('cpuShare'),
  };
}

/** Rows of an import or restore table; "× N rounds" is each row's last-round time over the first row's. */
function printRounds(rows: [number, Sample][], title: string): void {
  if (rows.length === 0) return;
  const base = rows[0]![1].ms;
  const first = rows[0]![0];
  console.info(`\n${title}`);
  printTable(
    ['rounds', 'shown', 'last round', `× ${first} rounds`, 'long tasks', 'longest', 'heap', 'DOM nodes', 'file'],
    rows.map(([rounds, sample]) => [
      String(rounds),
      `${(sample.shownMs ?? 0).toFixed(0)} ms`,
      `${sample.ms.toFixed(0)} ms`,
      `${(sample.ms / base).toFixed(2)}×`,
      String(sample.longTasks),
      `${sample.longestTask.toFixed(0)} ms`,
      `${sample.heapMb.toFixed(1)} MB`,
      String(sample.nodes),
      `${(readFileSync(join(tmpdir(), 'loupe-bench-transcripts', `rounds-${rounds}-v1.json`)).length / 1024).toFixed(0)} KB`,
    ]),
  );
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Every sample's long tasks, "duration at +start" (and the trace's CPU time and parts with BENCH_TRACE=1). */
function printLongTasks(title: string, from: string, all: [number, Sample[]][]): void {
  console.info(`\n${title}: long tasks of each sample (duration @ start from ${from})`);
  for (const [rounds, samples] of all)
    samples.forEach((sample, index) => {
      const seen = (sample.tasks ?? []).map((task) => `${ms(task.duration)} @ +${ms(task.start)}`).join(', ');
      console.info(`  ${rounds} rounds, run ${index + 1}: ${seen || 'none'}`);
      for (const task of sample.traced ?? [])
        console.info(
          `    trace: ${ms(task.wallMs)} wall, ${ms(task.cpuMs)} CPU @ +${ms(task.start)}: ${task.parts.join(', ')}`,
        );
    });
}

try {
  // Discarded: the first import of a fresh browser pays for its cold caches (HTTP, compile), which is no
  // property of the transcript's size.
  if (roundSizes.length > 0) await importOnce(roundSizes[0]!, await transcriptFile(roundSizes[0]!));
  const importSamples: [number, Sample[]][] = [];
  for (const rounds of roundSizes) {
    const path = await transcriptFile(rounds);
    const samples: Sample[] = [];
    for (let run = 0; run < repeats; run += 1) samples.push(await importOnce(rounds, path));
    importSamples.push([rounds, samples]);
  }
  const imports = importSamples.map(([rounds, samples]): [number, Sample] => [rounds, median(samples)]);
  const restoreSamples: [number, Sample[]][] = [];
  for (const rounds of restoreSizes) {
    const path = await transcriptFile(rounds);
    const samples: Sample[] = [];
    for (let run = 0; run < repeats; run += 1) samples.push(await restoreOnce(rounds, path));
    restoreSamples.push([rounds, samples]);
  }
  const restores = restoreSamples.map(([rounds, samples]): [number, Sample] => [rounds, median(samples)]);
  const scrolls: [number, Awaited<ReturnType<typeof scrollOnce>>][] = [];
  for (const rounds of scrollSizes) {
    const path = await transcriptFile(rounds);
    const samples = [];
    for (let run = 0; run < repeats; run += 1) samples.push(await scrollOnce(rounds, path));
    samples.sort((a, b) => a.longestFrame - b.longestFrame);
    scrolls.push([rounds, samples[Math.floor(samples.length / 2)]!]);
  }
  const streams: [number, Sample][] = [];
  for (const kb of replySizes) {
    const samples: Sample[] = [];
    for (let run = 0; run < repeats; run += 1) samples.push(await streamOnce(kb));
    streams.push([kb, median(samples)]);
  }

  printRounds(
    imports,
    `Import a transcript (median of ${repeats}; until the run is shown, and its last round is mounted)`,
  );
  printRounds(
    restores,
    `Restore a stored session by a reload (median of ${repeats}; from the reload until the run is shown, and its last round)`,
  );
  if (imports.length > 0) printLongTasks('Import', 'the click on Import transcript', importSamples);
  if (restores.length > 0) printLongTasks('Restore', 'the reload', restoreSamples);
  if (scrolls.length > 0) {
    console.info(
      `\nScroll an imported run from its last round up, ${SCROLL_STEP_PX} px a frame for ${SCROLL_STEPS} frames (the sample with the median longest frame of ${repeats})`,
    );
    printTable(
      ['rounds', 'rounds passed', 'time', 'longest frame', 'long tasks', 'longest task', 'busy', 'heap', 'DOM nodes'],
      scrolls.map(([rounds, sample]) => [
        String(rounds),
        String(sample.roundsPassed),
        ms(sample.ms),
        ms(sample.longestFrame),
        String(sample.longTasks),
        ms(sample.longestTask),
        `${(sample.busyShare * 100).toFixed(0)} %`,
        `${sample.heapMb.toFixed(1)} MB`,
        String(sample.nodes),
      ]),
    );
  }
  const perKb = (kb: number, sample: Sample) => (sample.busyShare * sample.ms) / kb;
  console.info(`\nStream a Markdown reply (median of ${repeats}; an SSE event of 3 words every ${EVENT_DELAY_MS} ms)`);
  printTable(
    [
      'reply',
      'stream',
      'main thread busy',
      'busy ms per KB',
      'main thread CPU',
      'CPU ms per KB',
      'long tasks',
      'longest',
    ],
    streams.map(([kb, sample]) => [
      `${kb} KB`,
      `${(sample.ms / 1000).toFixed(1)} s`,
      `${(sample.busyShare * 100).toFixed(0)} %`,
      perKb(kb, sample).toFixed(1),
      `${(sample.cpuShare * 100).toFixed(0)} %`,
      ((sample.cpuShare * sample.ms) / kb).toFixed(1),
      String(sample.longTasks),
      `${sample.longestTask.toFixed(0)} ms`,
    ]),
  );
  // Linear in size: the busy time of the replies on one line, a fixed start (the run's first render and
  // frames, the page's first run of the code) plus a cost per KB, and how far the worst reply is off it.
  const fit = linearFit(streams.map(([kb, sample]) => [kb, sample.busyShare * sample.ms]));
  if (fit !== undefined && streams.length > 2)
    console.info(
      `Busy time ≈ ${fit.fixed.toFixed(0)} ms + ${fit.perUnit.toFixed(1)} ms per KB (least squares over the ${streams.length} replies; the worst is ${(fit.worstOff * 100).toFixed(0)} % off the line)`,
    );
  console.info(
    '\nGoals (issue 16): import and restore, 2,000 vs 20 rounds ≤ 1.5×, no task > 50 ms; an 80 KB reply busy ≤ 10 %, linear in size, no task > 50 ms.',
  );
} finally {
  await app.close();
}
