// Node's way to the same QuickJS WebAssembly file the app bundles: read it from the package and compile it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The compiled `@jitl/quickjs-wasmfile-release-sync/wasm`, as the engine worker compiles it in the browser. */
export async function compileQuickJSForNode(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')));
}
