// The `GgufEngine` of the headless runner: llama.cpp as a native Node addon (node-llama-cpp, prebuilt for each
// platform), because wllama's WebAssembly build cannot start in Node 20 (see docs/in-browser-model.md,
// "Headless"). Node only: nothing in the app imports this file.
import { getLlama, LlamaCompletion, LlamaLogLevel, type Llama, type LlamaModel } from 'node-llama-cpp';
import { availableParallelism } from 'node:os';
import { abortError } from '../../providers/abort-error';
import type { GgufCompletionPiece, GgufCompletionRequest, GgufEngine } from '../../providers/gguf/gguf-engine';

export interface NodeGgufOptions {
  /** Context length to allocate; default the model's own, at most 8,192 (memory grows with it). */
  contextLength?: number;
  /** CPU threads; default half the machine's cores (as wllama picks in a browser), at least one. */
  threads?: number;
}

export interface LoadedNodeGguf {
  engine: GgufEngine;
  contextLength: number;
  unload(): Promise<void>;
}

let runtime: Promise<Llama> | undefined;

/** One llama.cpp runtime per process, CPU only: the prebuilt binary, never a build or a download. */
function loadRuntime(): Promise<Llama> {
  runtime ??= getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false });
  return runtime;
}

function templateOf(model: LlamaModel): string | null {
  const value = (model.fileInfo.metadata as { tokenizer?: { chat_template?: unknown } }).tokenizer?.chat_template;
  return typeof value === 'string' ? value : null;
}

/**
 * Loads the GGUF at `path`. Completions run one at a time on the model's one sequence (the runner may start
 * runs side by side): node-llama-cpp queues them.
 */
export async function loadNodeGgufEngine(path: string, options: NodeGgufOptions = {}): Promise<LoadedNodeGguf> {
  const llama = await loadRuntime();
  const model = await llama.loadModel({ modelPath: path });
  const contextLength = options.contextLength ?? Math.min(model.trainContextSize, 8192);
  // Every core busy-waits in llama.cpp's thread pool: on a loaded machine two threads were 800 times slower
  // than one for the tiny test model (6 s against 7 ms for 30 tokens), so the default leaves cores free.
  const threads = options.threads ?? Math.max(1, Math.floor(availableParallelism() / 2));
  const context = await model.createContext({ contextSize: contextLength, threads });
  const completion = new LlamaCompletion({ contextSequence: context.getSequence() });
  // Completions still running: unloading waits for them, or llama.cpp would sample from freed memory.
  const running = new Set<Promise<unknown>>();

  async function* complete(request: GgufCompletionRequest): AsyncGenerator<GgufCompletionPiece> {
    const pieces: string[] = [];
    let wake = () => {};
    let written = 0;
    if (request.signal.aborted) throw abortError(request.signal);
    // The rendered prompt holds the template's special tokens as text: read as tokens, not spelled out.
    const tokens = model.tokenize(request.prompt, true);
    const grammar = request.grammar === undefined ? undefined : await llama.createGrammar({ grammar: request.grammar });
    const done = completion.generateCompletionWithMeta(tokens, {
      maxTokens: request.maxTokens,
      signal: request.signal,
      customStopTriggers: request.stop,
      onTextChunk: (text) => {
        pieces.push(text);
        wake();
      },
      onToken: (tokens) => {
        written += tokens.length;
      },
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(grammar === undefined ? {} : { grammar }),
    });
    let finished = false;
    const ended = done.finally(() => {
      finished = true;
      wake();
    });
    // Read below; a reader that stops early (Stop) must not leave the rejection unhandled.
    const settled = ended.catch(() => undefined);
    running.add(settled);
    void settled.then(() => running.delete(settled));
    while (!finished || pieces.length > 0) {
      const text = pieces.shift();
      if (text !== undefined) {
        if (text !== '') yield { type: 'text', text };
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
    const result = await ended.catch((error: unknown) => {
      throw request.signal.aborted ? abortError(request.signal) : error;
    });
    if (request.signal.aborted) throw abortError(request.signal);
    yield {
      type: 'end',
      end: {
        promptTokens: tokens.length,
        outputTokens: written,
        finishReason: result.metadata.stopReason === 'maxTokens' ? 'length' : 'stop',
      },
    };
  }

  return {
    engine: {
      chatTemplate: templateOf(model),
      ...(model.tokens.bosString === null ? {} : { bosToken: model.tokens.bosString }),
      ...(model.tokens.eosString === null ? {} : { eosToken: model.tokens.eosString }),
      complete,
    },
    contextLength,
    unload: async () => {
      await Promise.all(running);
      await context.dispose();
      await model.dispose();
    },
  };
}
