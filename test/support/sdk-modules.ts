// Test support: the Anthropic SDK's own ES modules on disk, for the tests that check what the worker build's
// stand-ins must export.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.mjs` file under `dir`, skipping `src` folders (the SDK ships its TypeScript sources there). */
export function sdkModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'src'
        ? []
        : sdkModules(join(dir, entry.name))
      : entry.name.endsWith('.mjs')
        ? [join(dir, entry.name)]
        : [],
  );
}
