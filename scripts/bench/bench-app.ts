// What the Chromium benches and traces share: the production build served by `vite preview`, the mock
// Messages API, a headless Chromium, and a streamed Markdown reply set up and watched to its end.
import { execFileSync, spawn } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startMockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { streamedMarkdown } from './streamed-markdown';

const API_KEY = 'sk-ant-bench-key';
/** Pause between SSE events of a streamed reply (three words each): a fast model, ~60 words per 20 ms. */
export const EVENT_DELAY_MS = 4;

export interface BenchApp {
  appUrl: string;
  browser: Browser;
  /** Sets the page up for a streamed reply of `kb` KB (Anthropic, the mock API) without starting the run. */
  prepareStream(page: Page, kb: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the app into `outDir` (unless `reuse`; `minify: false` keeps the app's own names in profiles), serves
 * it on `port` and waits until it answers.
 */
export async function startBenchApp(options: {
  outDir: string;
  port: number;
  reuse: boolean;
  minify?: boolean;
}): Promise<BenchApp> {
  const { outDir, port } = options;
  if (!options.reuse)
    execFileSync(
      'npx',
      [
        'vite',
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        ...(options.minify === false ? ['--minify', 'false'] : []),
        '--logLevel',
        'warn',
      ],
      { stdio: 'inherit' },
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
  const close = async () => {
    await browser.close();
    await api.close();
    if (preview.pid !== undefined) process.kill(-preview.pid);
  };
  try {
    await waitForApp(appUrl);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    appUrl,
    browser,
    async prepareStream(page, kb) {
      await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Anthropic' });
      await page.getByRole('textbox', { name: 'API key' }).fill(API_KEY);
      await page.getByRole('textbox', { name: 'Base URL' }).fill(api.url);
      await page.getByRole('combobox', { name: 'Model' }).fill('claude-haiku-4-5');
      await page.getByRole('textbox', { name: 'Message' }).fill('Write it all down.');
      api.reset();
      api.enqueue({ content: [{ type: 'text', text: streamedMarkdown(kb * 1024) }], eventDelayMs: EVENT_DELAY_MS });
    },
    close,
  };
}

async function waitForApp(appUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const ok = await fetch(appUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`vite preview did not answer at ${appUrl}`);
}

/**
 * Resolves with the page's `performance.now()` when the run's status says `end_turn`. Watched from inside the
 * page, on its own mutations: a Playwright locator polls on every animation frame (a query and a text read per
 * frame, and a frame rendered for it), which would count as the page's own work. A string, so the bundler's
 * helpers never reach the page.
 */
export function watchRunEnd(page: Page): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    const done = () =>
      document.querySelector('[role="status"][aria-label="Run status"]')?.textContent?.includes('end_turn') === true;
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })`);
}
