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

(window as unknown as { loupeRun: typeof run }).loupeRun = run;
