// Which unit tests `npm run check:fast` runs for a change: those that reach a changed file within a few imports,
// found on a static import graph of the repository in under a second. `vitest related` runs every test that
// reaches it at any depth — for a file most of the tree imports, a third of the suite (125 of 329 test files for
// src/shared/is-record.ts) — after transforming the whole graph through Vite to find them. The farther ones are
// named with the command that runs them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Where tests and what they import live; node_modules and build output are never walked. */
const ROOTS = ['src', 'server', 'test', 'e2e', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

// One import or re-export statement (its specifier in group 2; group 1 set when it is type-only, which the
// transform erases, so it ties no test to the file at run time), or a dynamic import().
const IMPORT =
  /(?:^|[;}\n])\s*(?:import|export)\s+(type\s+(?!from\b))?(?:[^'";]*?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

function listSources(cwd, dir) {
  if (!existsSync(join(cwd, dir))) return [];
  return readdirSync(join(cwd, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listSources(cwd, path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The file a relative specifier names (TypeScript's `.js` for `.ts` included), or undefined. */
function resolveSpecifier(cwd, from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = posix.join(posix.dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, `${stem}.ts`];
  const isFile = (path) => existsSync(join(cwd, path)) && statSync(join(cwd, path)).isFile();
  return candidates.find((path) => !path.startsWith('..') && isFile(path));
}

/**
 * Each file under the roots to the files that import it at run time (type-only imports left out), paths relative
 * to `cwd` (the repository root) with forward slashes.
 * @param {{ cwd?: string, roots?: string[] }} options
 * @returns {Map<string, Set<string>>}
 */
export function listImporters({ cwd = '.', roots = ROOTS } = {}) {
  const importers = new Map();
  for (const file of roots.flatMap((root) => listSources(cwd, root))) {
    for (const match of readFileSync(join(cwd, file), 'utf8').matchAll(IMPORT)) {
      if (match[1] !== undefined) continue;
      const target = resolveSpecifier(cwd, file, match[2] ?? match[3] ?? '');
      if (target === undefined) continue;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target).add(file);
    }
  }
  return importers;
}

/**
 * The tests that reach `changed` through imports, split at `hops`: a changed test is 0 imports away, a test that
 * imports a changed file 1, a test importing a module that imports it 2, and so on. `hops` Infinity keeps all.
 * @param {string[]} changed
 * @param {{ hops: number, isTest: (file: string) => boolean, importers?: Map<string, Set<string>> }} options
 * @returns {{ near: string[], far: string[] }} each sorted; near within `hops`, far beyond
 */
export function findNearbyTests(changed, { hops, isTest, importers = listImporters() }) {
  const distance = new Map(changed.map((file) => [file, 0]));
  let frontier = [...changed];
  for (let step = 1; frontier.length > 0; step += 1) {
    const next = [];
    for (const file of frontier) {
      for (const importer of importers.get(file) ?? []) {
        if (distance.has(importer)) continue;
        distance.set(importer, step);
        next.push(importer);
      }
    }
    frontier = next;
  }
  const tests = [...distance].filter(([file]) => isTest(file));
  return {
    near: tests
      .filter(([, steps]) => steps <= hops)
      .map(([file]) => file)
      .sort(),
    far: tests
      .filter(([, steps]) => steps > hops)
      .map(([file]) => file)
      .sort(),
  };
}
