// Vite plugin: puts small stand-ins in place of parts of packages that Loupe's worker never reaches or reaches
// rarely, matched by the importing package, so only that package's own imports are replaced. Build and dev server
// alike: the Anthropic SDK's tracing, credential chain, query-string builder and `toFile`. The worker build only (the dev
// server's pre-bundled copies are shared with the page): zod's JSON Schema converter, and the `eventsource` package
// of the MCP client's HTTP+SSE transport, loaded on first use. Tests (Vitest) run the real modules. Issue 16: the
// worker's bundle budget.
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
  'core/uploads.mjs': 'uploads-off.ts',
};

/** zod file (relative to the package) → the stand-in that replaces it (src/mcp/sdk/zod-stand-ins/json-schema-off.ts). */
export const zodStandIns: Readonly<Record<string, string>> = {
  'v4/core/to-json-schema.js': 'to-json-schema-off.ts',
  'v4/core/json-schema-processors.js': 'json-schema-processors-off.ts',
};

/** Package the MCP client imports by name → the stand-in (under src/mcp/sdk/) it gets instead. */
export const mcpClientStandIns: Readonly<Record<string, string>> = {
  eventsource: 'lazy-event-source.ts',
};

interface StandInTable {
  /** The importing package's folder: only imports from files under it are replaced. */
  readonly root: string;
  /** Resolved file (a relative import) or package name (a bare one) → resolved stand-in. */
  readonly replacements: ReadonlyMap<string, string>;
}

function standInTable(
  name: string,
  standIns: string,
  table: Readonly<Record<string, string>>,
  imports: 'files' | 'packages',
): StandInTable {
  const root = packageDir(name);
  const dir = sourceDir(standIns);
  const key = (source: string) => (imports === 'files' ? resolve(root, source) : source);
  return { root, replacements: new Map(Object.entries(table).map(([from, to]) => [key(from), resolve(dir, to)])) };
}

export interface SdkStandInsOptions {
  /** Also the worker build's own stand-ins: zod's converter and the MCP client's `eventsource` (default false). */
  worker?: boolean;
}

/** The plugin, for the worker's `plugins` and for the dependency optimiser's `rolldownOptions.plugins`. */
export function sdkStandInsPlugin(options: SdkStandInsOptions = {}) {
  const tables = [
    standInTable('@anthropic-ai/sdk', 'providers/anthropic/sdk-stand-ins', anthropicSdkStandIns, 'files'),
    ...(options.worker === true
      ? [
          standInTable('zod', 'mcp/sdk/zod-stand-ins', zodStandIns, 'files'),
          standInTable('@modelcontextprotocol/client', 'mcp/sdk', mcpClientStandIns, 'packages'),
        ]
      : []),
  ];
  return {
    name: 'loupe-sdk-stand-ins',
    enforce: 'pre' as const,
    resolveId(source: string, importer: string | undefined) {
      if (importer === undefined) return null;
      const importerPath = resolve(importer.split('?')[0] ?? importer);
      const table = tables.find(({ root }) => importerPath.startsWith(root));
      if (table === undefined) return null;
      const key = source.startsWith('.') ? resolve(dirname(importerPath), source) : source;
      return table.replacements.get(key) ?? null;
    },
  };
}
