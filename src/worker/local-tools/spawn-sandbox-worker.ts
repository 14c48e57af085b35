// The browser's side of the sandbox: QuickJS's WebAssembly file bundled by Vite, and a worker per call.
import wasmUrl from '@jitl/quickjs-wasmfile-release-sync/wasm?url';
import type { SandboxWorker, SpawnSandbox } from './run-in-sandbox';

/** A module worker from this origin running `sandbox-worker-entry.ts` (QuickJS lives only in its chunk). */
export const spawnSandboxWorker: SpawnSandbox = () =>
  new Worker(new URL('./sandbox-worker-entry.ts', import.meta.url), {
    type: 'module',
    name: 'loupe-local-tool',
  }) as unknown as SandboxWorker;

/**
 * Fetches and compiles QuickJS's WebAssembly (same origin, never a CDN). Compiling needs the CSP's
 * `'wasm-unsafe-eval'`; the sandbox worker only instantiates the compiled module and fetches nothing.
 */
export async function compileQuickJSWasm(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`its WebAssembly file (${wasmUrl}) answered ${response.status}.`);
  return WebAssembly.compile(await response.arrayBuffer());
}
