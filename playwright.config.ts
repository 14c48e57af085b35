import { defineConfig } from '@playwright/test';
import { E2E_PORTS, e2eAppOutDir, e2eUrls } from './e2e/fixtures/e2e-ports';

/**
 * End-to-end tests drive the production build under `vite preview` (with its Content-Security-Policy header)
 * in Debian's Chromium; the `dev-server` project runs a smoke pass against the Vite dev server (React
 * StrictMode, what `npm start` serves). Playwright starts the demo MCP server, the test MCP servers and the
 * mock model APIs beside the app, once per run; the MCP servers answer only Loupe's origins. The production build
 * is reused while its inputs are unchanged, so one spec runs in seconds once the app has been built.
 */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The dev server serves only the dev-server project: a run limited to other projects (`--project preview`, as
 * one spec is run) does not start it. Playwright reads this config in its main process, with the run's arguments.
 */
function projectsAsked(argv: readonly string[]): string[] {
  return argv.flatMap((arg, at) =>
    arg === '--project' ? [argv[at + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [],
  );
}
const asked = projectsAsked(process.argv);
const wantsDevServer = asked.length === 0 || asked.includes('dev-server');

/**
 * LOUPE_E2E_REUSE=1 uses servers already listening on the stack's ports (say, a stack left running by an earlier
 * `--project preview` run's command in another terminal) instead of failing on them; the default starts its own,
 * so a port held by someone else's stack is an error, not a silent mix of two checkouts.
 */
const reuseExistingServer = process.env['LOUPE_E2E_REUSE'] === '1';
const fullTrace = process.env['LOUPE_E2E_FULL_TRACE'] === '1';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Generous limits: a passing test never waits for them, and on a loaded 2-core machine one step (Monaco's
  // first evaluation, a lazy chunk) was seen taking 18 s of wall time for a fraction of a second of work.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: `test-results/e2e-${E2E_PORTS.app}`,
  reporter: [['list'], ['json', { outputFile: 'test-results/reports/playwright.json' }]],
  projects: [
    { name: 'preview', testIgnore: '**/dev-server.spec.ts', use: { baseURL: e2eUrls.app } },
    { name: 'dev-server', testMatch: '**/dev-server.spec.ts', use: { baseURL: e2eUrls.devApp } },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // A failed test keeps its trace of actions, console and sources, the page's accessibility tree and a screenshot
    // as it failed. The trace's DOM snapshots (with the network log) and screencast are recorded only with
    // LOUPE_E2E_FULL_TRACE=1, for a failure being chased: taken for every test and thrown away when it passed, they
    // were a third of the run's CPU (three specs, 12 tests: 30–32 s of CPU with them, 18 s without, 18 s untraced).
    trace: fullTrace ? 'retain-on-failure' : { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    acceptDownloads: true,
  },
  webServer: [
    {
      // The demo MCP server, the test MCP servers and the mock model APIs, in one process (e2e-stack-main.ts).
      command: `node --import tsx e2e/fixtures/e2e-stack-main.ts`,
      port: E2E_PORTS.mockApi,
      timeout: 60_000,
      reuseExistingServer,
    },
    {
      // The MCP project's example MCP App server, as published on npm (pinned devDependency), over HTTP.
      command: `node node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js`,
      env: { PORT: String(E2E_PORTS.basicAppServer) },
      port: E2E_PORTS.basicAppServer,
      reuseExistingServer,
    },
    {
      // Built only when its inputs changed since the last build in this folder (build-e2e-app.ts).
      command: `node --import tsx e2e/fixtures/build-e2e-app.ts && node node_modules/vite/bin/vite.js preview --outDir ${e2eAppOutDir} --port ${E2E_PORTS.app} --strictPort`,
      url: e2eUrls.app,
      timeout: 180_000,
      reuseExistingServer,
    },
    ...(wantsDevServer
      ? [
          {
            // A fresh dependency cache each time, so the smoke pass also proves that first use triggers no
            // "optimized dependencies changed. reloading" (vite.config.ts pre-bundles what Vite finds late).
            command: `rm -rf node_modules/.vite-e2e-${E2E_PORTS.devApp} && npx vite --host 127.0.0.1 --port ${E2E_PORTS.devApp} --strictPort`,
            env: {
              VITE_DEMO_SERVER_URL: e2eUrls.demoServer,
              LOUPE_VITE_CACHE_DIR: `node_modules/.vite-e2e-${E2E_PORTS.devApp}`,
            },
            url: e2eUrls.devApp,
            timeout: 180_000,
            reuseExistingServer,
          },
        ]
      : []),
  ],
});
