// check:fast narrows `npm test` to what changed: which typecheck projects, which files to lint and to find tests for.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Plan {
  format: string[];
  lint: string[];
  projects: string[];
  related: string[];
}
const { planChecks } = (await import(pathToFileURL(join(process.cwd(), 'scripts/checks/changed-files.mjs')).href)) as {
  planChecks: (files: string[]) => Plan;
};

describe('planChecks', () => {
  it('a source file under src/: every project (tests of the node project import it), lint and related tests', () => {
    expect(planChecks(['src/shared/redact-url.ts'])).toEqual({
      format: ['src/shared/redact-url.ts'],
      lint: ['src/shared/redact-url.ts'],
      projects: ['app', 'worker', 'node'],
      related: ['src/shared/redact-url.ts'],
    });
  });

  it('a test, an e2e spec or a script: only the node project, which holds them', () => {
    for (const file of ['src/store/x.test.ts', 'e2e/sessions.spec.ts', 'server/demo-server.ts', 'test/support/a.ts']) {
      expect(planChecks([file]).projects).toEqual(['node']);
    }
  });

  it('a document: format only; a JavaScript script: lint and format, no typecheck', () => {
    expect(planChecks(['docs/checks.md'])).toEqual({ format: ['docs/checks.md'], lint: [], projects: [], related: [] });
    expect(planChecks(['scripts/test-all.mjs'])).toMatchObject({ lint: ['scripts/test-all.mjs'], projects: [] });
  });

  it('a tsconfig or the package files: every project', () => {
    for (const file of ['tsconfig.base.json', 'package.json', 'package-lock.json']) {
      expect(planChecks([file]).projects).toEqual(['app', 'worker', 'node']);
    }
  });
});
