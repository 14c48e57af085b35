#!/usr/bin/env node
// `npm run check:fast`: the checks of `npm test` narrowed to what changed, for the loop between edits — format
// and lint of the changed files (ESLint's cache kept in node_modules/.cache), an incremental typecheck of the
// projects they belong to, and the unit tests that import them (`vitest related`). Integration and end-to-end
// tests are left to `npm run test:integration`, one spec with `npx playwright test e2e/<spec>`, and `npm test`.
// `-- --base main` checks everything since the branch left main, not only what is not committed yet.
import { mkdirSync } from 'node:fs';
import { listChangedFiles, planChecks } from './checks/changed-files.mjs';
import { formatStageTimes, runStages } from './checks/run-stages.mjs';
import { typecheckStages } from './checks/typecheck.mjs';

const baseAt = process.argv.indexOf('--base');
const base = baseAt === -1 ? undefined : process.argv[baseAt + 1];
const started = Date.now();
const files = listChangedFiles(base === undefined ? {} : { base });
if (files.length === 0) {
  console.info(`Nothing changed against ${base ?? 'HEAD'}; \`npm run check:fast -- --base main\` checks a branch.`);
  process.exit(0);
}
const plan = planChecks(files);
console.info(`check:fast: ${files.length} changed file(s) against ${base ?? 'HEAD'}: ${files.join(', ')}`);

const cacheDir = 'node_modules/.cache/loupe';
mkdirSync(cacheDir, { recursive: true });
const bin = (name) => `node_modules/${name}`;
const [nodeProject, otherProjects] = [
  plan.projects.filter((project) => project === 'node'),
  plan.projects.filter((project) => project !== 'node'),
];
// The longest first (the node project's tsc holds every test), so the two slots end close together.
const stages = [
  ...typecheckStages(nodeProject),
  ...(plan.lint.length === 0
    ? []
    : [
        {
          name: 'lint',
          command: process.execPath,
          args: [
            bin('eslint/bin/eslint.js'),
            '--max-warnings=0',
            '--no-warn-ignored',
            '--cache',
            '--cache-strategy',
            'content',
            '--cache-location',
            `${cacheDir}/eslint`,
            ...plan.lint,
          ],
        },
      ]),
  ...(plan.related.length === 0
    ? []
    : [
        {
          name: 'unit tests (related)',
          command: process.execPath,
          args: [
            bin('vitest/vitest.mjs'),
            'related',
            '--run',
            '--project',
            'unit',
            '--passWithNoTests',
            ...plan.related,
          ],
        },
      ]),
  ...typecheckStages(otherProjects),
  {
    name: 'format',
    command: process.execPath,
    args: [bin('prettier/bin/prettier.cjs'), '--check', '--ignore-unknown', ...plan.format],
  },
];
const results = await runStages(stages, { jobs: Number(process.env.LOUPE_CHECK_JOBS) || 2 });
console.info(`\n${formatStageTimes(results, (Date.now() - started) / 1000).join('\n')}`);
const failed = results.filter((result) => !result.ok).map((result) => result.name);
console.info(failed.length === 0 ? 'check:fast: all passed' : `check:fast: FAILED: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
