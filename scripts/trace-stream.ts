// Diagnosis (not a test, not a bench): where the main thread's time goes while a Markdown reply streams.
// Streams one reply of TRACE_KB (default 5,80) from the mock Messages API into an unminified production build
// and records a Chromium trace (devtools.timeline + V8 samples) from just before the Run click to the run's end.
// Prints, per reply: the top-level tasks (count, total, longest; the Run click's task apart), the time by kind
// (script, style, layout, paint, GC, …) and the JavaScript functions with the most self time.
// Run: node --import tsx scripts/trace-stream.ts   (TRACE_OUT=dir keeps each trace as JSON for chrome://tracing;
// TRACE_DIST=dir reuses a build; TRACE_PORT, default 43991)
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startMockMessagesApi } from '../e2e/fixtures/mock-messages-api';
import { streamedMarkdown } from './bench/streamed-markdown';
import { summariseTrace, type TraceEvent } from './bench/summarise-trace';

const sizes = (process.env.TRACE_KB ?? '5,80').split(',').map(Number);
const port = Number(process.env.TRACE_PORT ?? 43991);
const API_KEY = 'sk-ant-bench-key';
const EVENT_DELAY_MS = 4;
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
const outDir = process.env.TRACE_DIST ?? 'dist-bench-trace';
if (process.env.TRACE_DIST === undefined)
  execFileSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--minify', 'false', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
const preview = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort'], {
  stdio: 'ignore',
  detached: true,
});
const appUrl = `http://127.0.0.1:${port}/`;
const api = await startMockMessagesApi({ apiKey: API_KEY });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

async function waitForApp(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (
      await fetch(appUrl).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`vite preview did not answer at ${appUrl}`);
}

async function traceOnce(kb: number): Promise<TraceEvent[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(appUrl);
  await page.getByRole('button', { name: 'Import transcript', exact: true }).waitFor();
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Anthropic' });
  await page.getByRole('textbox', { name: 'API key' }).fill(API_KEY);
  await page.getByRole('textbox', { name: 'Base URL' }).fill(api.url);
  await page.getByRole('combobox', { name: 'Model' }).fill('claude-haiku-4-5');
  await page.getByRole('textbox', { name: 'Message' }).fill('Write it all down.');
  api.reset();
  api.enqueue({ content: [{ type: 'text', text: streamedMarkdown(kb * 1024) }], eventDelayMs: EVENT_DELAY_MS });
  // Let what the page started after load (chunk prefetches, idle work) settle: only the run is traced.
  await page.waitForTimeout(1000);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const ended = page.evaluate(`new Promise((resolve) => {
    const done = () =>
      document.querySelector('[role="status"][aria-label="Run status"]')?.textContent?.includes('end_turn') === true;
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })`);
  await page.evaluate(() => performance.mark('run-click'));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await ended;
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  return events;
}

try {
  await waitForApp();
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
  await browser.close();
  await api.close();
  if (preview.pid !== undefined) process.kill(-preview.pid);
}
