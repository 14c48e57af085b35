// The engine worker's start stays light: the MCP SDK and zod load with the first server connection
// (src/worker/load-mcp-runtime.ts), so no static import from the worker entry may reach them. A chunk-size figure
// (npm run bench:bundle) says how much; this says why, and names the import that broke it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
// Static imports and re-exports that stay in the built code: `import type` / `export type` are erased, and under
// `verbatimModuleSyntax` an `import { type X }` still loads its module. A dynamic `import()` is not matched.
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const HEAVY = /^(@modelcontextprotocol\/|zod$|zod\/)/;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
}

/** Each package the static graph from `entry` reaches, with the chain of files that brings it in; `files` gets each file. */
function packagesReached(entry: string, files = new Set<string>()): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = files;
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const path = [...chain, relative(SRC, file)];
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (match[2] !== undefined) continue;
      const specifier = match[3] ?? '';
      if (!specifier.startsWith('.')) {
        if (!reached.has(specifier)) reached.set(specifier, path);
        continue;
      }
      const target = resolveImport(file, specifier);
      if (target !== undefined && /\.tsx?$/.test(target)) walk(target, path);
    }
  };
  walk(resolve(SRC, entry), []);
  return reached;
}

const heavyOf = (reached: Map<string, string[]>) =>
  [...reached]
    .filter(([specifier]) => HEAVY.test(specifier))
    .map(([specifier, chain]) => `${chain.join(' → ')} → ${specifier}`);

describe('the engine worker at start', () => {
  it('reaches neither the MCP SDK nor zod through a static import', () => {
    expect(heavyOf(packagesReached('worker/worker-entry.ts'))).toEqual([]);
  });

  it('leaves them to the MCP runtime, which does reach them (the walk sees through re-exports)', () => {
    const reached = packagesReached('worker/mcp-runtime.ts');
    expect(reached.has('@modelcontextprotocol/client')).toBe(true);
    expect(reached.has('zod')).toBe(true);
  });

  it('leaves a connection’s rarer parts out of the MCP runtime: each loads on first use', () => {
    const files = new Set<string>();
    packagesReached('worker/mcp-runtime.ts', files);
    const reached = [...files].map((file) => relative(SRC, file));
    expect(reached).toContain('mcp/connection/connect-mcp-server.ts');
    const onUse = [
      'mcp/tasks/call-mcp-tool-task.ts',
      'mcp/tasks/follow-modern-task.ts',
      'mcp/skills/mcp-skill-access.ts',
      'mcp/apps/mcp-app-access.ts',
      'mcp/listings/browse-mcp-server.ts',
      'mcp/connection/diagnose-connection-error.ts',
      'mcp/oauth/complete-oauth-sign-in.ts',
      'mcp/oauth/fresh-access-token.ts',
    ];
    expect(reached.filter((file) => onUse.includes(file))).toEqual([]);
  });
});
