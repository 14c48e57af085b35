// The real `GgufEngine`: llama.cpp compiled to WebAssembly (wllama), loaded from a file or a URL. Imported
// only with the first in-browser model (its own chunk), never at start.
import { Wllama, WllamaAbortError, type RawCompletionChunk } from '@wllama/wllama/esm/index.js';
import { ModelError } from '../../engine/model/model';
import { abortError } from '../abort-error';
import type { GgufCompletionEnd, GgufCompletionPiece, GgufCompletionRequest, GgufEngine } from './gguf-engine';

/** Where the model comes from: a file the person picked, or a URL checked by `checkModelUrl`. */
export type GgufSource = { file: Blob; name: string } | { url: string };

export interface LoadWllamaOptions {
  /** The URL of wllama's `wllama.wasm`, as the bundler emitted it. */
  wasmUrl: string;
  /** Threads; 1 unless the page is cross-origin isolated (see docs/in-browser-model.md). */
  threads: number;
  /** Context length to allocate; the model's own when absent (capped by the caller). */
  contextLength?: number;
  onProgress?: (loaded: number, total: number) => void;
}

export interface LoadedWllama {
  engine: GgufEngine;
  contextLength: number;
  /** Release the model's memory. */
  unload(): Promise<void>;
}

/** llama.cpp's refusal of a prompt longer than the context, in words; other errors as they are. */
function describeCompletionError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const sizes = /request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)/.exec(message);
  if (sizes === null) return error;
  return new ModelError(
    `The request is ${sizes[1]} tokens, more than the ${sizes[2]}-token context the model was loaded with. Load it again with a larger Context length (if the model allows), or use fewer tools or a shorter conversation.`,
    { cause: error },
  );
}

async function drainQuietly(iterator: AsyncIterator<unknown>): Promise<void> {
  try {
    while ((await iterator.next()).done !== true);
  } catch {
    // The abort this drain waits for.
  }
}

function finishOf(chunk: RawCompletionChunk | undefined): GgufCompletionEnd['finishReason'] {
  return chunk?.choices[0]?.finish_reason === 'length' ? 'length' : 'stop';
}

/** Loads a model; URL loads go through wllama's cache (Cache Storage), so a reload finds the file kept. */
export async function loadWllamaEngine(source: GgufSource, options: LoadWllamaOptions): Promise<LoadedWllama> {
  // wllama logs each failure to the console before throwing it; Loupe shows the thrown error where the person looks.
  const quiet = () => undefined;
  const logger = { debug: quiet, log: quiet, warn: quiet, error: quiet };
  const wllama = new Wllama({ default: options.wasmUrl }, { suppressNativeLog: true, logger });
  const params = {
    n_threads: options.threads,
    n_gpu_layers: 0,
    ...(options.contextLength === undefined ? {} : { n_ctx: options.contextLength }),
  };
  const progressCallback = ({ loaded, total }: { loaded: number; total: number }) =>
    options.onProgress?.(loaded, total);
  if ('url' in source) await wllama.loadModelFromUrl(source.url, { ...params, progressCallback, useCache: true });
  else await wllama.loadModel([new File([source.file], source.name)], params);

  async function* complete(request: GgufCompletionRequest): AsyncGenerator<GgufCompletionPiece> {
    let last: RawCompletionChunk | undefined;
    let written = 0;
    let iterator: AsyncIterator<RawCompletionChunk> | undefined;
    try {
      const chunks = await wllama.createCompletion({
        prompt: request.prompt,
        max_tokens: request.maxTokens,
        stop: request.stop,
        stream: true,
        abortSignal: request.signal,
        ...(request.temperature === undefined ? {} : { temp: request.temperature }),
        ...(request.grammar === undefined ? {} : { grammar: request.grammar }),
      });
      // Read by hand, not with for-await: when the reader stops early (Stop), the iterator must not be
      // returned, or wllama's coming abort rejects a promise nobody awaits (an unhandled rejection).
      iterator = chunks[Symbol.asyncIterator]();
      for (let step = await iterator.next(); step.done !== true; step = await iterator.next()) {
        last = step.value;
        const text = step.value.choices[0]?.text ?? '';
        if (text !== '') {
          written += 1;
          yield { type: 'text', text };
        }
      }
      iterator = undefined;
    } catch (error) {
      iterator = undefined;
      if (error instanceof WllamaAbortError || request.signal.aborted) throw abortError(request.signal);
      throw describeCompletionError(error);
    } finally {
      // Stopped at a piece: read on until wllama sees the abort signal and ends (its error is expected).
      if (iterator !== undefined) void drainQuietly(iterator);
    }
    yield {
      type: 'end',
      end: {
        promptTokens: last?.usage?.prompt_tokens ?? 0,
        outputTokens: last?.usage?.completion_tokens ?? written,
        finishReason: finishOf(last),
      },
    };
  }

  return {
    engine: { chatTemplate: wllama.getChatTemplate(), complete },
    contextLength: wllama.getModelMetadata().hparams.nCtxTrain,
    unload: () => wllama.exit(),
  };
}
