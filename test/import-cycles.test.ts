// No import cycles in src/ (type-only imports included: a cycle of types is still a knot to untie).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
const IMPORT =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
}

/** The import graph of `files`: each file to the source files it imports relatively. */
export function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
        const target = resolveImport(file, match[1] ?? match[2] ?? '');
        return target !== undefined && /\.tsx?$/.test(target) ? [target] : [];
      }),
    ]),
  );
}

/** Every cycle found by a depth-first walk, each as the files on it (first file repeated at the end). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('src/ has none', () => {
    const cycles = findCycles(importGraph(sourceFiles(SRC)));
    expect(cycles.map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '))).toEqual([]);
  });

  it('the check finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
