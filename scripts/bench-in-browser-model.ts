// Prints time to first piece and tokens per second of the In-browser (GGUF) model with the suite's tiny GGUF
// in Chromium (single thread), constrained and not. `npm run bench:in-browser`. Figures in docs/in-browser-model.md.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { ModelRequest, ToolDefinition } from '../src/engine/model/model';
import { writeTinyGguf } from '../src/providers/gguf/testing/write-tiny-gguf';
import { startWllamaInChromium } from '../e2e/fixtures/in-browser/wllama-in-chromium';

type Bench = { firstPieceMs: number; tokensPerSecond: number; outputTokens: number };
type BenchInput = { request: ModelRequest; constrained: boolean };

const bundled = await build({
  entryPoints: [fileURLToPath(new URL('../e2e/fixtures/in-browser/in-browser-page-entry.ts', import.meta.url))],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'silent',
});
const runtime = await startWllamaInChromium(writeTinyGguf({ contextLength: 4096 }), bundled.outputFiles[0]?.text ?? '');
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
try {
  const cases: [string, boolean, ToolDefinition[]][] = [
    ['text, no tools', false, []],
    ['constrained call', true, request.tools],
  ];
  for (const [label, constrained, tools] of cases) {
    const runs: Bench[] = [];
    const input: BenchInput = { request: { ...request, tools }, constrained };
    for (let index = 0; index < 3; index += 1) {
      // As JSON text: a `ModelRequest` is too deep for Playwright's serialisable type.
      runs.push(
        await runtime.page.evaluate((json: string) => {
          const value = JSON.parse(json) as BenchInput;
          const page = window as unknown as { loupeBench: (r: ModelRequest, c: boolean) => Promise<Bench> };
          return page.loupeBench(value.request, value.constrained);
        }, JSON.stringify(input)),
      );
    }
    const median = (pick: (run: Bench) => number) => runs.map(pick).sort((a, b) => a - b)[1] ?? 0;
    console.info(
      `${label}: first piece ${median((run) => run.firstPieceMs).toFixed(0)} ms, ${median((run) => run.tokensPerSecond).toFixed(1)} tokens/s (${median((run) => run.outputTokens)} tokens; median of 3)`,
    );
  }
} finally {
  await runtime.close();
}
