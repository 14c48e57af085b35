// Prints time to first piece and tokens per second of the In-browser (GGUF) model with the suite's tiny GGUF, in
// Chromium (wllama, WebAssembly, one thread) and in Node (the headless runner's llama.cpp build, one thread),
// side by side, constrained and not. `npm run bench:in-browser`. Figures in docs/in-browser-model.md.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelRequest, ToolDefinition } from '../src/engine/model/model';
import { loadNodeGgufEngine } from '../src/headless/gguf/load-node-gguf-engine';
import { createInBrowserModel } from '../src/providers/gguf/create-in-browser-model';
import { measureReply, type ReplyMeasure } from '../src/providers/gguf/testing/measure-reply';
import { writeTinyGguf } from '../src/providers/gguf/testing/write-tiny-gguf';
import { bundleInBrowserPageEntry } from '../e2e/fixtures/in-browser/bundle-page-entry';
import { startWllamaInChromium } from '../e2e/fixtures/in-browser/wllama-in-chromium';

type BenchInput = { request: ModelRequest; constrained: boolean };
type Runner = (input: BenchInput) => Promise<ReplyMeasure>;

const gguf = writeTinyGguf({ contextLength: 4096 });
const request: ModelRequest = {
  system: 'Use tools.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
  tools: [
    {
      name: 'weather_get',
      description: 'Weather.',
      input_schema: { type: 'object', properties: { city: { type: 'string', maxLength: 8 } }, required: ['city'] },
    },
  ],
  maxTokens: 64,
  temperature: 0,
};
const cases: [string, boolean, ToolDefinition[]][] = [
  ['text, no tools', false, []],
  ['constrained call', true, request.tools],
];

/** The median of three replies per case. */
async function measure(runner: Runner): Promise<Map<string, ReplyMeasure>> {
  const results = new Map<string, ReplyMeasure>();
  for (const [label, constrained, tools] of cases) {
    const runs: ReplyMeasure[] = [];
    for (let index = 0; index < 3; index += 1) runs.push(await runner({ request: { ...request, tools }, constrained }));
    const median = (pick: (run: ReplyMeasure) => number) => runs.map(pick).sort((a, b) => a - b)[1] ?? 0;
    results.set(label, {
      firstPieceMs: median((run) => run.firstPieceMs),
      tokensPerSecond: median((run) => run.tokensPerSecond),
      outputTokens: median((run) => run.outputTokens),
    });
  }
  return results;
}

async function inChromium(): Promise<Map<string, ReplyMeasure>> {
  const runtime = await startWllamaInChromium(gguf, await bundleInBrowserPageEntry());
  try {
    // As JSON text: a `ModelRequest` is too deep for Playwright's serialisable type.
    return await measure((input) =>
      runtime.page.evaluate((json: string) => {
        const value = JSON.parse(json) as BenchInput;
        const page = window as unknown as { loupeBench: (r: ModelRequest, c: boolean) => Promise<ReplyMeasure> };
        return page.loupeBench(value.request, value.constrained);
      }, JSON.stringify(input)),
    );
  } finally {
    await runtime.close();
  }
}

async function inNode(): Promise<Map<string, ReplyMeasure>> {
  const folder = await mkdtemp(join(tmpdir(), 'loupe-bench-'));
  const path = join(folder, 'tiny.gguf');
  await writeFile(path, gguf);
  const loaded = await loadNodeGgufEngine(path, { contextLength: 4096, threads: 1 });
  try {
    return await measure(({ request: input, constrained }) =>
      measureReply(
        createInBrowserModel(loaded.engine, { modelId: 'tiny.gguf', constrainToolCalls: constrained }),
        input,
        () => performance.now(),
      ),
    );
  } finally {
    await loaded.unload();
    await rm(folder, { recursive: true, force: true });
  }
}

const chromium = await inChromium();
const node = await inNode();
const cell = (value: ReplyMeasure | undefined) =>
  value === undefined
    ? '—'
    : `${value.firstPieceMs.toFixed(0)} ms, ${value.tokensPerSecond.toFixed(1)} tok/s (${value.outputTokens} tokens)`;
console.info('tiny GGUF, one thread, median of 3: first piece, tokens per second (output tokens)');
console.info(`${'reply'.padEnd(18)} | ${'Chromium (wllama, wasm)'.padEnd(36)} | Node (llama.cpp native)`);
for (const [label] of cases)
  console.info(`${label.padEnd(18)} | ${cell(chromium.get(label)).padEnd(36)} | ${cell(node.get(label))}`);
