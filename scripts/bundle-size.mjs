#!/usr/bin/env node
// Benchmark: builds the app and prints the first-load JavaScript on the main thread (the entry script and
// its modulepreloads, gzip) apart from the engine worker and lazily loaded chunks (Monaco and its own
// workers load on first use of an editor; the Anthropic SDK loads in the worker with the first Anthropic
// call, each other adapter with its first call, the MCP SDK and zod with the first server connection). Figures
// only; no thresholds.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// BENCH_DIST: measure an existing build (e.g. the one bench:timeline made, or an older commit's) instead.
const outDir = process.env.BENCH_DIST ?? 'dist-bench';
if (process.env.BENCH_DIST === undefined)
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });

const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1]),
);
// Chunks the engine worker imports on first use (the Anthropic SDK with the first Anthropic call): reported as
// `worker+` apart from the worker's start, so what an Anthropic run loads in all is still in plain sight.
const assets = readdirSync(join(outDir, 'assets'));
const workerEntry = assets.find((name) => name.startsWith('worker-entry') && name.endsWith('.js'));
const workerLazy = new Set();
const chunkRefs = (name, pattern) =>
  [...readFileSync(join(outDir, 'assets', name), 'utf8').matchAll(pattern)].map((m) => m[1]);
// Static imports and the chunk's own dynamic ones (a chunk the worker loads later loads others in turn).
const reach = (name) => {
  for (const next of chunkRefs(name, /(?:from|import)\s*\(?\s*["'`]\.\/([^"'`]+\.js)["'`]/g))
    if (!next.startsWith('worker-entry') && !workerLazy.has(next)) {
      workerLazy.add(next);
      reach(next);
    }
};
const workerImports =
  workerEntry === undefined ? [] : chunkRefs(workerEntry, /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g);
for (const name of workerImports) {
  workerLazy.add(name);
  reach(name);
}
// What one provider's run loads on top of the worker's start: the chunks its own dynamic imports reach (the
// Anthropic adapter and its model list), shared ones counted once.
const runChunks = (prefixes) => {
  const chunks = new Set();
  const visit = (name) => {
    if (name.startsWith('worker-entry') || chunks.has(name)) return;
    chunks.add(name);
    for (const next of chunkRefs(name, /(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) visit(next);
  };
  for (const name of workerImports) if (prefixes.some((prefix) => name.startsWith(prefix))) visit(name);
  return chunks;
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const rows = assets
  .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
  .map((name) => {
    const bytes = readFileSync(join(outDir, 'assets', name));
    const kind = initial.has(`assets/${name}`)
      ? 'initial'
      : name.startsWith('worker-entry')
        ? 'worker'
        : workerLazy.has(name)
          ? 'worker+'
          : name.endsWith('.css')
            ? 'css'
            : 'lazy';
    return { name, kind, raw: statSync(join(outDir, 'assets', name)).size, gzip: gzipSync(bytes).length };
  })
  .sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip);

for (const row of rows)
  console.info(
    `${row.kind.padEnd(8)} ${kib(row.gzip).padStart(11)} gzip ${kib(row.raw).padStart(11)} raw  ${row.name}`,
  );
const total = (kind) => rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.gzip, 0);
// In KiB and in kB (1,000 bytes) with the exact bytes: the goal's "KB" holds in either unit, and a change of a few
// bytes shows in a before/after comparison.
const both = (bytes) => `${kib(bytes)} = ${(bytes / 1000).toFixed(1)} kB (${bytes.toLocaleString('en')} B)`;
console.info(`\nFirst-load JavaScript (main thread, gzip): ${both(total('initial'))}`);
console.info(
  `Engine worker at start (gzip): ${kib(total('worker'))}, + ${kib(total('worker+'))} loaded by the worker on first use; lazy chunks (gzip): ${kib(total('lazy'))}; CSS (gzip): ${kib(total('css'))}`,
);
const runTotal = (prefixes) =>
  total('worker') +
  [...runChunks(prefixes)].reduce((sum, name) => sum + (rows.find((row) => row.name === name)?.gzip ?? 0), 0);
// The Anthropic adapter and its SDK are one chunk (`anthropic`, vite.config.ts); older builds named it after its modules.
const anthropic = ['anthropic-', 'create-anthropic-model', 'list-anthropic-models'];
console.info(
  `Engine worker for a run (gzip, start + what the provider loads):\n  Anthropic ${both(runTotal(anthropic))}\n  Anthropic with an MCP server (+ the MCP runtime: SDK, zod, connection code) ${both(runTotal([...anthropic, 'mcp-runtime']))}\n  OpenAI-compatible ${both(runTotal(['create-openai-compatible-model', 'list-openai-compatible-models']))}\n  Demo ${both(runTotal(['create-demo-model']))}`,
);
console.info(
  'Goals (issue 16): first-load JavaScript ≤ 120 KB gzip; engine worker ≤ 180 KB gzip (an Anthropic run, all in; with no MCP server: a connection loads the MCP runtime).',
);
