import { defineConfig } from '@playwright/test';
import { MOCK_API_KEY } from './e2e/fixtures/choose-mock-anthropic';
import { E2E_PORTS, e2eUrls, loupeOrigins } from './e2e/fixtures/e2e-ports';

/**
 * End-to-end tests drive the production build under `vite preview` (with its Content-Security-Policy header)
 * in Debian's Chromium; the `dev-server` project runs a smoke pass against the Vite dev server (React
 * StrictMode, what `npm start` serves). Playwright starts the demo MCP server, the test MCP servers and the
 * mock model APIs beside the app; the MCP servers answer only Loupe's origins (LOUPE_ALLOWED_ORIGINS).
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

const allowedOrigins = loupeOrigins.join(',');

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
    trace: 'retain-on-failure',
    acceptDownloads: true,
  },
  webServer: [
    {
      command: `node --import tsx server/demo-server-main.ts`,
      env: { PORT: String(E2E_PORTS.demoServer), LOUPE_ALLOWED_ORIGINS: allowedOrigins },
      port: E2E_PORTS.demoServer,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx e2e/fixtures/media-server-main.ts`,
      env: { PORT: String(E2E_PORTS.mediaServer), LOUPE_ALLOWED_ORIGINS: allowedOrigins },
      port: E2E_PORTS.mediaServer,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx e2e/fixtures/features-server-main.ts`,
      env: { PORT: String(E2E_PORTS.featuresServer), LOUPE_ALLOWED_ORIGINS: allowedOrigins },
      port: E2E_PORTS.featuresServer,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx e2e/fixtures/oauth-server-main.ts`,
      env: { PORT: String(E2E_PORTS.oauthServer) },
      port: E2E_PORTS.oauthServer,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx test/servers/hostile-server-main.ts`,
      env: { PORT: String(E2E_PORTS.hostileServer), LOUPE_ALLOWED_ORIGINS: allowedOrigins },
      port: E2E_PORTS.hostileServer,
      reuseExistingServer: false,
    },
    {
      // The MCP project's example MCP App server, as published on npm (pinned devDependency), over HTTP.
      command: `node node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js`,
      env: { PORT: String(E2E_PORTS.basicAppServer) },
      port: E2E_PORTS.basicAppServer,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx test/servers/modern-server-main.ts`,
      env: { PORT: String(E2E_PORTS.modernServer), LOUPE_ALLOWED_ORIGINS: allowedOrigins },
      port: E2E_PORTS.modernServer,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx e2e/fixtures/features-server-main.ts`,
      env: { PORT: String(E2E_PORTS.legacyServer), LOUPE_ALLOWED_ORIGINS: allowedOrigins },
      port: E2E_PORTS.legacyServer,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx e2e/fixtures/many-tools-server-main.ts`,
      env: { PORT: String(E2E_PORTS.manyToolsServer), LOUPE_ALLOWED_ORIGINS: allowedOrigins },
      port: E2E_PORTS.manyToolsServer,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx e2e/fixtures/mock-messages-api-main.ts`,
      env: { PORT: String(E2E_PORTS.mockApi), MOCK_API_KEY },
      port: E2E_PORTS.mockApi,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx e2e/fixtures/mock-openai-api-main.ts`,
      env: { PORT: String(E2E_PORTS.mockOpenAIApi), MOCK_API_KEY: 'sk-openai-e2e-key', MOCK_ALLOW_EMPTY_KEY: '1' },
      port: E2E_PORTS.mockOpenAIApi,
      reuseExistingServer: false,
    },
    {
      command: `npx vite build --outDir dist-e2e-${E2E_PORTS.app} --emptyOutDir && npx vite preview --outDir dist-e2e-${E2E_PORTS.app} --port ${E2E_PORTS.app} --strictPort`,
      // The build writes its OAuth Client ID Metadata Document for the origin it is served at (e2e/oauth.spec.ts).
      env: { VITE_DEMO_SERVER_URL: e2eUrls.demoServer, LOUPE_PUBLIC_ORIGIN: e2eUrls.app },
      url: e2eUrls.app,
      timeout: 180_000,
      reuseExistingServer: false,
    },
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
      reuseExistingServer: false,
    },
  ],
});
