// Diagnosis (not a test, not a bench): where the main thread's time goes while a Markdown reply streams.
// Streams one reply of TRACE_KB (default 5,80) from the mock Messages API into an unminified production build
// and records a Chromium trace (devtools.timeline + V8 samples) from just before the Run click to the run's end.
// Prints, per reply: the top-level tasks (count, total, longest; the Run click's task apart), the time by kind
// (script, style, layout, paint, GC, …) and the JavaScript functions with the most self time.
// Run: node --import tsx scripts/trace-stream.ts   (TRACE_OUT=dir keeps each trace as JSON for chrome://tracing;
// TRACE_DIST=dir reuses a build; TRACE_PORT, default 43991)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBenchApp, watchRunEnd } from './bench/bench-app';
import { summariseTrace, type TraceEvent } from './bench/summarise-trace';

const sizes = (process.env.TRACE_KB ?? '5,80').split(',').map(Number);
const port = Number(process.env.TRACE_PORT ?? 43991);
const CATEGORIES = [
  'devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.gc',
  'toplevel',
];

// Unminified, so the samples name the app's own functions and components.
const app = await startBenchApp({
  outDir: process.env.TRACE_DIST ?? 'dist-bench-trace',
  port,
  reuse: process.env.TRACE_DIST !== undefined,
  minify: false,
});

async function traceOnce(kb: number): Promise<TraceEvent[]> {
  const context = await app.browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(app.appUrl);
  await page.getByRole('button', { name: 'Import transcript', exact: true }).waitFor();
  await app.prepareStream(page, kb);
  // Let what the page started after load (chunk prefetches, idle work) settle: only the run is traced.
  await page.waitForTimeout(1000);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const ended = watchRunEnd(page);
  await page.evaluate(() => performance.mark('run-click'));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await ended;
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  return events;
}

try {
  for (const kb of sizes) {
    const events = await traceOnce(kb);
    if (process.env.TRACE_OUT !== undefined) {
      mkdirSync(process.env.TRACE_OUT, { recursive: true });
      writeFileSync(join(process.env.TRACE_OUT, `stream-${kb}kb.json`), JSON.stringify({ traceEvents: events }));
    }
    console.info(`\n=== ${kb} KB reply ===`);
    console.info(summariseTrace(events));
  }
} finally {
  await app.close();
}
