// check:fast runs the unit tests within a few imports of a change: the import graph it walks must keep every
// run-time import (however it is written) and drop only what the transform erases (type-only imports).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

type Importers = Map<string, Set<string>>;
const load = async <T>(path: string) => (await import(pathToFileURL(join(process.cwd(), path)).href)) as T;
const { findNearbyTests, listImporters } = await load<{
  listImporters: (options?: { cwd?: string; roots?: string[] }) => Importers;
  findNearbyTests: (
    changed: string[],
    options: { hops: number; isTest: (file: string) => boolean; importers?: Importers },
  ) => { near: string[]; far: string[] };
}>('scripts/checks/nearby-tests.mjs');
const { isUnitTestFile } = await load<{ isUnitTestFile: (path: string) => boolean }>(
  'scripts/checks/unit-test-files.mjs',
);

const root = mkdtempSync(join(tmpdir(), 'loupe-nearby-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}
const importersOf = (importers: Importers, file: string) => [...(importers.get(file) ?? [])].sort();

describe('listImporters', () => {
  write({
    'src/a.ts': 'export const a = 1;\n',
    'src/types.ts': 'export type T = number;\n',
    'src/lib/index.ts': 'export const lib = 1;\n',
    'src/uses.ts': [
      "import type { T } from './types';",
      "export type { T as U } from './types';",
      'import {',
      '  a,',
      "} from './a.js';",
      "import type from './lib';",
      "// import { gone } from './commented';",
      "export const later = () => import('./late');",
      "import './side-effect';",
      "export * from '../../outside';",
    ].join('\n'),
    'src/late.ts': 'export {};\n',
    'src/side-effect.ts': 'export {};\n',
    'src/commented.ts': 'export {};\n',
    'src/inline-type.test.ts': "import { type T } from './types';\nimport { a } from './a';\n",
  });
  const importers = listImporters({ cwd: root, roots: ['src'] });

  it('keeps a multi-line import, a `.js` specifier, a folder index, dynamic and side-effect imports', () => {
    expect(importersOf(importers, 'src/a.ts')).toEqual(['src/inline-type.test.ts', 'src/uses.ts']);
    expect(importersOf(importers, 'src/lib/index.ts')).toEqual(['src/uses.ts']);
    expect(importersOf(importers, 'src/late.ts')).toEqual(['src/uses.ts']);
    expect(importersOf(importers, 'src/side-effect.ts')).toEqual(['src/uses.ts']);
  });

  it('drops `import type` and `export type` (erased), keeps an inline `type` specifier (the import stays)', () => {
    expect(importersOf(importers, 'src/types.ts')).toEqual(['src/inline-type.test.ts']);
  });

  it('ignores a commented-out import and never resolves outside the root', () => {
    expect(importersOf(importers, 'src/commented.ts')).toEqual([]);
    expect([...importers.keys()].filter((file) => file.startsWith('..'))).toEqual([]);
  });
});

describe('findNearbyTests', () => {
  // t1 imports a; m imports a; t2 imports m; n imports m; t3 imports n; x and y import each other and a.
  const importers: Importers = new Map([
    ['a.ts', new Set(['t1.test.ts', 'm.ts', 'x.ts'])],
    ['m.ts', new Set(['t2.test.ts', 'n.ts'])],
    ['n.ts', new Set(['t3.test.ts'])],
    ['x.ts', new Set(['y.ts'])],
    ['y.ts', new Set(['x.ts', 'ty.test.ts'])],
  ]);
  const isTest = (file: string) => file.endsWith('.test.ts');

  it('splits the tests at the number of imports between them and the change, through cycles', () => {
    expect(findNearbyTests(['a.ts'], { hops: 2, isTest, importers })).toEqual({
      near: ['t1.test.ts', 't2.test.ts'],
      far: ['t3.test.ts', 'ty.test.ts'],
    });
    expect(findNearbyTests(['a.ts'], { hops: Infinity, isTest, importers }).far).toEqual([]);
  });

  it('a changed test is 0 imports away; a file only imported by type reaches no test', () => {
    expect(findNearbyTests(['t3.test.ts'], { hops: 0, isTest, importers })).toEqual({ near: ['t3.test.ts'], far: [] });
    expect(findNearbyTests(['lonely.ts'], { hops: 2, isTest, importers })).toEqual({ near: [], far: [] });
  });

  it('on this repository: a file only imported by type reaches no test; is-record reaches its own test first', () => {
    const repo = listImporters();
    expect(
      findNearbyTests(['src/engine/event/run-event.ts'], { hops: Infinity, isTest: isUnitTestFile, importers: repo }),
    ).toEqual({ near: [], far: [] });
    const { near, far } = findNearbyTests(['src/shared/is-record.ts'], {
      hops: 1,
      isTest: isUnitTestFile,
      importers: repo,
    });
    expect(near).toEqual(['src/shared/is-record.test.ts']);
    expect(far.length).toBeGreaterThan(20);
  });
});

describe('isUnitTestFile', () => {
  it('is the unit project of vitest.config.ts: no integration tests, no e2e specs, no .tsx', () => {
    const cases: [string, boolean][] = [
      ['src/shared/is-record.test.ts', true],
      ['test/scripts/plan-checks.test.ts', true],
      ['test/scripts/start-ready.integration.test.ts', false],
      ['server/demo-server.test.ts', false],
      ['e2e/sessions.spec.ts', false],
      ['src/ui/x.test.tsx', false],
      ['src/node_modules/x.test.ts', false],
    ];
    for (const [path, unit] of cases) expect(isUnitTestFile(path), path).toBe(unit);
  });
});
