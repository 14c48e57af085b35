// Vite plugin: puts small stand-ins in place of parts of the Anthropic SDK that Loupe's worker never reaches (its
// tracing, its credential chain), matched by the resolved file, so only the SDK's own imports of those files are
// replaced. Build and dev server alike; tests (Vitest) run the real modules. Issue 16: the worker's bundle budget.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const sdk = fileURLToPath(new URL('../node_modules/@anthropic-ai/sdk/', import.meta.url));
const standIns = fileURLToPath(new URL('../src/providers/anthropic/sdk-stand-ins/', import.meta.url));

/** SDK file (relative to the package) → the stand-in that replaces it. */
export const anthropicSdkStandIns: Readonly<Record<string, string>> = {
  'internal/tracing.mjs': 'tracing-off.ts',
  'lib/internal/tracing.mjs': 'tracing-off.ts',
  'lib/credentials/credential-chain.mjs': 'credentials-off.ts',
  'lib/credentials/token-cache.mjs': 'credentials-off.ts',
};

const replacements = new Map(
  Object.entries(anthropicSdkStandIns).map(([file, standIn]) => [resolve(sdk, file), resolve(standIns, standIn)]),
);

/** The plugin, for Vite's `plugins` and for the dependency optimiser's `rolldownOptions.plugins`. */
export function sdkStandInsPlugin() {
  return {
    name: 'loupe-anthropic-sdk-stand-ins',
    enforce: 'pre' as const,
    resolveId(source: string, importer: string | undefined) {
      if (importer === undefined || !source.startsWith('.')) return null;
      const importerPath = importer.split('?')[0] ?? importer;
      if (!resolve(importerPath).startsWith(sdk)) return null;
      return replacements.get(resolve(dirname(importerPath), source)) ?? null;
    },
  };
}
