// Every repository path the docs name exists: README.md and each page under docs/ (recipes.md first of all).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'dist-e2e', 'test-results', 'playwright-report']);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name) || name.startsWith('dist')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [path, ...walk(path)] : [path];
  });
}

const files = walk(ROOT).map((path) => relative(ROOT, path));
const pages = ['README.md', ...files.filter((path) => path.startsWith('docs/') && path.endsWith('.md'))];
const ROOTS = /^(src|server|e2e|test|scripts|docs|public|tools)\//;
const SOURCE = /\.(ts|tsx|mjs|js|json|md|css|html)$/;

/** Paths a page names: in backticks, or as a relative link. */
function namedPaths(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const ticked = [...text.matchAll(/`([^`\s]+)`/g)].map(([, value]) => value ?? '');
  const linked = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map(([, target]) => target ?? '')
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => relative(ROOT, resolve(ROOT, dirname(page), target)));
  const paths = ticked
    .map((value) => value.replace(/[.,:;]$/, '').replace(/^\.\//, ''))
    .filter((value) => !/[*<>{}…$]|^\.\.|^https?:|^@|^[a-z]+:|^(node_modules|dist)\//.test(value))
    // A file (`run/compact-round.ts`) or a folder of the repository (`src/engine/`), not an MCP method (`tools/call`).
    .filter(
      (value) =>
        (value.includes('/') && (SOURCE.test(value) || (ROOTS.test(value) && value.endsWith('/')))) ||
        /^[a-z0-9-.]+\.(ts|tsx|mjs)$/.test(value),
    );
  return [...new Set([...paths, ...linked])];
}

/** Whether `path` is a file or folder of the repository: whole from the root, or the tail of one. */
function exists(path: string): boolean {
  const bare = path.replace(/\/$/, '');
  if (existsSync(join(ROOT, bare))) return true;
  return !ROOTS.test(bare) && files.some((file) => file.endsWith(`/${bare}`) || file === bare);
}

describe('paths named in the docs', () => {
  it.each(pages)('%s names only paths that exist', (page) => {
    const missing = namedPaths(page).filter((path) => !exists(path));
    expect(missing, `${page} names paths that are not in the repository`).toEqual([]);
  });
});
