// Vite plugin: puts small stand-ins in place of parts of packages that Loupe's worker never reaches, matched by the
// resolved file, so only the package's own imports of those files are replaced: the Anthropic SDK's tracing,
// credential chain and query-string builder (build and dev server alike), and in the worker build zod's JSON Schema converter (the dev
// server's pre-bundled zod is shared with the page, so it keeps the real one). Tests (Vitest) run the real modules.
// Issue 16: the worker's bundle budget.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = (name: string) => fileURLToPath(new URL(`../node_modules/${name}/`, import.meta.url));
const sourceDir = (path: string) => fileURLToPath(new URL(`../src/${path}/`, import.meta.url));

/** Anthropic SDK file (relative to the package) → the stand-in that replaces it. */
export const anthropicSdkStandIns: Readonly<Record<string, string>> = {
  'internal/tracing.mjs': 'tracing-off.ts',
  'lib/internal/tracing.mjs': 'tracing-off.ts',
  'lib/credentials/credential-chain.mjs': 'credentials-off.ts',
  'lib/credentials/token-cache.mjs': 'credentials-off.ts',
  'internal/utils/query.mjs': 'query-string.ts',
};

/** zod file (relative to the package) → the stand-in that replaces it (src/mcp/sdk/zod-stand-ins/json-schema-off.ts). */
export const zodStandIns: Readonly<Record<string, string>> = {
  'v4/core/to-json-schema.js': 'to-json-schema-off.ts',
  'v4/core/json-schema-processors.js': 'json-schema-processors-off.ts',
};

interface StandInTable {
  /** The package's folder: only imports from files under it are replaced. */
  readonly root: string;
  /** Resolved package file → resolved stand-in. */
  readonly replacements: ReadonlyMap<string, string>;
}

function standInTable(name: string, standIns: string, table: Readonly<Record<string, string>>): StandInTable {
  const root = packageDir(name);
  const dir = sourceDir(standIns);
  return {
    root,
    replacements: new Map(Object.entries(table).map(([file, standIn]) => [resolve(root, file), resolve(dir, standIn)])),
  };
}

export interface SdkStandInsOptions {
  /** Also replace zod's JSON Schema converter: the worker build only (default false). */
  zodJsonSchema?: boolean;
}

/** The plugin, for the worker's `plugins` and for the dependency optimiser's `rolldownOptions.plugins`. */
export function sdkStandInsPlugin(options: SdkStandInsOptions = {}) {
  const tables = [
    standInTable('@anthropic-ai/sdk', 'providers/anthropic/sdk-stand-ins', anthropicSdkStandIns),
    ...(options.zodJsonSchema === true ? [standInTable('zod', 'mcp/sdk/zod-stand-ins', zodStandIns)] : []),
  ];
  return {
    name: 'loupe-sdk-stand-ins',
    enforce: 'pre' as const,
    resolveId(source: string, importer: string | undefined) {
      if (importer === undefined || !source.startsWith('.')) return null;
      const importerPath = resolve(importer.split('?')[0] ?? importer);
      const table = tables.find(({ root }) => importerPath.startsWith(root));
      return table?.replacements.get(resolve(dirname(importerPath), source)) ?? null;
    },
  };
}
