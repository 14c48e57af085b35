#!/usr/bin/env node
// `node scripts/measure-start.mjs`: how long `npm start` leaves a newcomer waiting, cold and warm. For each start
// it prints when the address line appeared and how long after that line a browser opened on the address had
// **Run** enabled (issue 41's targets: 3 s warm, 8 s cold).
//   cold: a fresh clone's first start — no Vite dependency cache, no kept build: the dev server is served;
//   warm: the next start, once the build that first start made in the background is kept: the build is served.
// It uses its own dependency cache, build folder and ports (PORT, default 5190), so it never disturbs a running
// `npm start`. Chromium from /usr/bin/chromium (CHROMIUM_PATH).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromium } from '@playwright/test';

const port = Number(process.env.PORT ?? 5190);
const cacheDir = 'node_modules/.cache/loupe/measure-start-vite';
const buildDir = 'node_modules/.cache/loupe/measure-start-build';
const env = {
  ...process.env,
  PORT: String(port),
  DEMO_SERVER_PORT: String(port + 1),
  LOUPE_VITE_CACHE_DIR: cacheDir,
  LOUPE_START_BUILD_DIR: buildDir,
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Starts `npm start`'s script and resolves when `pattern` is printed, with the time it took. */
function startUntil(child, pattern, since) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk;
      if (pattern.test(seen)) {
        child.stdout.off('data', onData);
        resolve(performance.now() - since);
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start ended (code ${code}) before ${pattern}:\n${seen}`)));
  });
}

async function measure(label) {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const toLine = await startUntil(child, /Loupe is ready:/, started);
  const lineAt = performance.now();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage();
  await page.goto(`http://localhost:${port}/`);
  await page.getByRole('button', { name: 'Run', exact: true }).waitFor({ state: 'visible', timeout: 120_000 });
  await page.waitForFunction(() => {
    const run = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Run');
    return run !== undefined && !run.disabled;
  });
  const toUsable = performance.now() - lineAt;
  await browser.close();
  console.info(`${label}: address line after ${seconds(toLine)}; Run enabled ${seconds(toUsable)} after that line`);
  return { child, toUsable };
}

rmSync(cacheDir, { recursive: true, force: true });
rmSync(buildDir, { recursive: true, force: true });
const cold = await measure('cold (dev server, no dependency cache)');
console.info('waiting for the background build the cold start began (it is what the warm start serves)…');
await startUntil(cold.child, /made for the next start/, performance.now());
cold.child.kill('SIGTERM');
await new Promise((resolve) => cold.child.once('exit', resolve));
const warm = await measure('warm (the kept build)');
warm.child.kill('SIGTERM');
console.info(`targets: warm ≤ 3 s (${seconds(warm.toUsable)}), cold ≤ 8 s (${seconds(cold.toUsable)})`);
