#!/usr/bin/env node
// Screenshots of a Demo model run, narrow and wide, light and dark, for the README and for review.
// Needs the app running (`npm start`, or a production build under `vite preview` with the demo server);
// usage: node scripts/take-screenshots.mjs [appUrl] [outDir] [mcp-app]  (`mcp-app`: only the MCP App's)
import { copyFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const appUrl = process.argv[2] ?? 'http://localhost:5173/';
const outDir = process.argv[3] ?? 'docs/screenshots';
const onlyMcpApp = process.argv[4] === 'mcp-app';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** Once the demo server is connected, asks what to wear in Oslo and waits for the run's end. */
async function runOsloQuestion(page) {
  await page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'demo connected' }).waitFor();
  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Oslo today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page
    .getByRole('status', { name: 'Run status' })
    .getByText(/end_turn/)
    .waitFor();
}

if (onlyMcpApp) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, colorScheme: 'light' });
  await page.goto(appUrl);
  await runOsloQuestion(page);
  await shootApp(page, `${outDir}/loupe-mcp-app.png`);
  await browser.close();
  process.exit(0);
}

for (const [name, width, height] of [
  ['wide', 1440, 1000],
  ['narrow', 390, 1400],
]) {
  for (const colorScheme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme });
    await page.goto(appUrl);
    await openTab(page, 'Servers');
    await runOsloQuestion(page);
    const file = `${outDir}/loupe-${name}-${colorScheme}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.info(file);
    if (name === 'wide' && colorScheme === 'light') {
      await shootApp(page, `${outDir}/loupe-mcp-app-light.png`);
      await copyFile(`${outDir}/loupe-mcp-app-light.png`, `${outDir}/loupe-mcp-app.png`);
    }
    if (name === 'wide') await shootTests(page, `${outDir}/loupe-tests-${colorScheme}.png`);
    await page.close();
  }
}
for (const [name, width, height] of [
  ['wide', 1440, 900],
  ['narrow', 390, 844],
]) {
  for (const colorScheme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme });
    await shootPause(page, `${outDir}/loupe-debugger-${name}-${colorScheme}.png`);
    await page.close();
  }
}
await browser.close();

/** Opens the sidebar tab `name`, as a person would. */
async function openTab(page, name) {
  await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name, exact: true }).click();
}

/** The debugger layout at a pause: a breakpoint on demo__weather_get, the call's card open, focused, in view. */
async function shootPause(page, file) {
  await page.goto(appUrl);
  await openTab(page, 'Servers');
  await page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'demo connected' }).waitFor();
  await openTab(page, 'Breakpoints');
  await page.getByRole('combobox', { name: 'Breakpoint on' }).selectOption({ label: 'a tool' });
  await page.getByRole('combobox', { name: 'Breakpoint tool' }).fill('demo__weather_get');
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Paris today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('region', { name: 'Paused step' }).locator('.monaco-editor').waitFor();
  await page.screenshot({ path: file });
  console.info(file);
}

/** The Tests panel after "Make a test" and a Run ×3 of the Demo run (for the README's test section). */
async function shootTests(page, file) {
  await page.getByRole('button', { name: 'Make a test' }).click();
  await openTab(page, 'Tests');
  const tests = page.getByRole('region', { name: 'Tests' });
  await tests.getByLabel('Times').fill('3');
  await tests.getByRole('button', { name: 'Run ×3' }).click();
  await tests
    .getByRole('status', { name: /Results of/ })
    .getByText('3 of 3 runs done.')
    .waitFor();
  // The sticky header would cover the panel's top in an element screenshot.
  await page.addStyleTag({ content: 'header { position: static !important; }' });
  await tests.screenshot({ path: file });
  console.info(file);
}

/** The demo server's weather card (an MCP App) under its call, after its 3-day forecast (for the README). */
async function shootApp(page, file) {
  const call = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem', { name: /demo__weather_get ok/ });
  // Chromium runs no animation frames in an out-of-view cross-origin frame: in view, the card sizes itself.
  await call.locator('iframe[title="App: demo__weather_get"]').scrollIntoViewIfNeeded();
  const card = call.frameLocator('iframe[title="App: demo__weather_get"]').frameLocator('iframe');
  await card.getByRole('button', { name: '3-day forecast' }).click();
  await card.getByRole('list', { name: 'Forecast' }).getByRole('listitem').nth(2).waitFor();
  await call.getByRole('listitem', { name: 'weather.forecast from the app ok' }).waitFor();
  await call.scrollIntoViewIfNeeded();
  await call.screenshot({ path: file });
  console.info(file);
}
