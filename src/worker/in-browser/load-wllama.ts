// The real `LoadGgufEngine`: wllama (llama.cpp in WebAssembly) and its .wasm file, emitted by Vite beside the
// app (never from a CDN). Imported with the first model load, so neither is in the worker's first chunk.
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import { loadWllamaEngine } from '../../providers/gguf/create-wllama-engine';
import type { LoadGgufEngine } from './in-browser-host';

export const loadWllama: LoadGgufEngine = (file, name, options) =>
  loadWllamaEngine({ file, name }, { wasmUrl, threads: options.threads, contextLength: options.contextLength });
