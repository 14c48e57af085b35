// Test-only page script (bundled by the integration test): the In-browser model over the real wllama engine,
// driven from the test through `window.loupeRun`.
import type { ModelRequest, ModelStreamPart } from '../../../engine/model/model';
import { createInBrowserModel } from '../create-in-browser-model';
import { loadWllamaEngine } from '../create-wllama-engine';

interface RunInput {
  request: ModelRequest;
  constrainToolCalls: boolean;
  /** Abort once this many text or tool pieces have arrived (Stop). */
  stopAfterPieces?: number;
}

const loaded = (async () => {
  const blob = await (await fetch('/model.gguf')).blob();
  return loadWllamaEngine(
    { file: blob, name: 'tiny.gguf' },
    { wasmUrl: '/wllama/wasm/wllama.wasm', threads: 1, contextLength: 4096 },
  );
})();

async function run(
  input: RunInput,
): Promise<{ parts: ModelStreamPart[]; error?: string; contextLength: number; chatTemplate: string | null }> {
  const { engine, contextLength } = await loaded;
  const model = createInBrowserModel(engine, {
    modelId: 'tiny.gguf',
    constrainToolCalls: input.constrainToolCalls,
    createId: () => 'toolu_1',
  });
  const controller = new AbortController();
  const parts: ModelStreamPart[] = [];
  let pieces = 0;
  try {
    for await (const part of model.doStream(input.request, controller.signal)) {
      parts.push(part);
      if (part.type === 'text-delta' || part.type === 'tool-input-delta') pieces += 1;
      if (input.stopAfterPieces !== undefined && pieces >= input.stopAfterPieces) controller.abort();
    }
  } catch (error) {
    return {
      parts,
      error: error instanceof Error ? error.name : String(error),
      contextLength,
      chatTemplate: engine.chatTemplate,
    };
  }
  return { parts, contextLength, chatTemplate: engine.chatTemplate };
}

/** Time to first piece and output tokens per second of one reply (the clock is the page's: a benchmark, not a test). */
async function bench(
  request: ModelRequest,
  constrainToolCalls: boolean,
): Promise<{ firstPieceMs: number; tokensPerSecond: number; outputTokens: number }> {
  const { engine } = await loaded;
  const model = createInBrowserModel(engine, { modelId: 'tiny.gguf', constrainToolCalls });
  const start = performance.now();
  let first: number | undefined;
  let outputTokens = 0;
  for await (const part of model.doStream(request, new AbortController().signal)) {
    if (first === undefined && part.type !== 'response-start') first = performance.now();
    if (part.type === 'response-end') outputTokens = part.usage.outputTokens;
  }
  const end = performance.now();
  const firstAt = first ?? end;
  return {
    firstPieceMs: firstAt - start,
    tokensPerSecond: outputTokens / Math.max((end - start) / 1000, 1e-6),
    outputTokens,
  };
}

Object.assign(window, { loupeRun: run, loupeBench: bench });
