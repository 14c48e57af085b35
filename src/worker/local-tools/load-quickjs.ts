// QuickJS from its release build, instantiated from a WebAssembly module compiled elsewhere (no fetch here).
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

/**
 * A QuickJS module instantiated from `wasmModule` (compiled from `@jitl/quickjs-wasmfile-release-sync/wasm`).
 * Each call is a separate WebAssembly instance with its own memory.
 */
export function loadQuickJS(wasmModule: WebAssembly.Module): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule }));
}
