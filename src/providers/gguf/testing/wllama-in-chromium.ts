// Test-only: the real llama.cpp (wllama's WebAssembly build) in Debian's Chromium, over a loopback server that
// serves wllama's files, a page and a GGUF from memory. For checks only the real runtime can answer: does
// llama.cpp's grammar parser take Loupe's grammars, and does its sampler keep to them.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright';

export interface WllamaCompletion {
  text?: string;
  finish?: string;
  completionTokens?: number;
  error?: string;
}

export interface WllamaInChromium {
  complete(options: {
    prompt: string;
    grammar?: string;
    maxTokens: number;
    temperature: number;
    seed: number;
  }): Promise<WllamaCompletion>;
  close(): Promise<void>;
}

const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
import { Wllama } from '/wllama/index.js';
const errors = [];
const logger = { debug() {}, log() {}, info() {}, warn() {}, error: (...parts) => errors.push(parts.join(' ')) };
const wllama = new Wllama({ default: '/wllama/wasm/wllama.wasm' }, { logger });
window.ready = (async () => {
  const blob = await (await fetch('/model.gguf')).blob();
  await wllama.loadModel([new File([blob], 'model.gguf')], { n_ctx: 1024, n_threads: 1, n_gpu_layers: 0 });
})();
window.complete = async (options) => {
  await window.ready;
  errors.length = 0;
  try {
    const out = await wllama.createCompletion({ prompt: options.prompt, max_tokens: options.maxTokens, temp: options.temperature, seed: options.seed, ...(options.grammar ? { grammar: options.grammar } : {}) });
    return { text: out.choices[0].text, finish: out.choices[0].finish_reason, completionTokens: out.usage.completion_tokens };
  } catch (error) {
    return { error: [String(error), ...errors].join('\\n') };
  }
};
</script>`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm' };

/** Starts the page with `gguf` loaded (single thread: the page is not cross-origin isolated). `script` is served as `/entry.js` and loaded by the page. */
export async function startWllamaInChromium(
  gguf: Uint8Array,
  script?: string,
): Promise<WllamaInChromium & { page: Page }> {
  const esm = join(dirname(createRequire(import.meta.url).resolve('@wllama/wllama/package.json')), 'esm');
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://loopback').pathname;
    if (path === '/') {
      const page = script === undefined ? PAGE : `${PAGE}<script type="module" src="/entry.js"></script>`;
      return response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    }
    if (path === '/entry.js' && script !== undefined)
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    if (path === '/model.gguf')
      return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(gguf);
    const file = normalize(join(esm, path.replace(/^\/wllama\//, '')));
    if (!path.startsWith('/wllama/') || !file.startsWith(esm)) return response.writeHead(404).end();
    readFile(file).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser: Browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page: Page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.evaluate(() => (window as unknown as { ready: Promise<void> }).ready);
  return {
    page,
    complete: (options) =>
      page.evaluate(
        (input) => (window as unknown as { complete: (o: typeof input) => Promise<WllamaCompletion> }).complete(input),
        options,
      ),
    close: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
