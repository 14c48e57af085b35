#!/usr/bin/env node
// `npm run check:fast`: the checks of `npm test` narrowed to what changed, for the loop between edits — format
// and lint of the changed files (ESLint's cache kept in node_modules/.cache), an incremental typecheck of the
// projects they belong to, and the unit tests within two imports of them (nearby-tests.mjs; the farther ones are
// named with the command that runs them). Integration and end-to-end tests are left to `npm run test:integration`,
// one spec with `npx playwright test e2e/<spec>`, and `npm test`.
// `-- --base main` checks everything since the branch left main, not only what is not committed yet;
// `-- --hops N` reaches N imports out for tests (`--hops all`: every test that reaches a changed file).
import { mkdirSync } from 'node:fs';
import { listChangedFiles, planChecks } from './checks/changed-files.mjs';
import { findNearbyTests } from './checks/nearby-tests.mjs';
import { formatStageTimes, runStages } from './checks/run-stages.mjs';
import { typecheckStages } from './checks/typecheck.mjs';
import { isUnitTestFile } from './checks/unit-test-files.mjs';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const base = option('--base');
const hopsAsked = option('--hops') ?? '2';
const hops = hopsAsked === 'all' ? Infinity : Number(hopsAsked);
if (hops !== Infinity && !(Number.isInteger(hops) && hops >= 0)) {
  console.error(`--hops takes a whole number of imports or "all", not ${hopsAsked}`);
  process.exit(2);
}
const started = Date.now();
const files = listChangedFiles(base === undefined ? {} : { base });
if (files.length === 0) {
  console.info(`Nothing changed against ${base ?? 'HEAD'}; \`npm run check:fast -- --base main\` checks a branch.`);
  process.exit(0);
}
const plan = planChecks(files);
console.info(`check:fast: ${files.length} changed file(s) against ${base ?? 'HEAD'}: ${files.join(', ')}`);
const tests = findNearbyTests(plan.related, { hops, isTest: isUnitTestFile });
console.info(describeTests(tests));

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
  ...(tests.near.length === 0
    ? []
    : [
        {
          name: 'unit tests (nearby)',
          command: process.execPath,
          args: [bin('vitest/vitest.mjs'), 'run', '--project', 'unit', ...tests.near],
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
// Said again last, beside the verdict: what passed did not include the farther tests.
if (tests.far.length > 0) console.info(describeTests(tests));
console.info(failed.length === 0 ? 'check:fast: all passed' : `check:fast: FAILED: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);

/** What the unit-test stage covers, and the command for the tests it leaves out. */
function describeTests({ near, far }) {
  const reach = hops === Infinity ? 'at any depth' : `within ${hops} import${hops === 1 ? '' : 's'}`;
  const ran = `unit tests: ${near.length} file(s) reach the changed files ${reach} and run here`;
  if (far.length === 0) return `${ran}; no other unit test imports them at run time.`;
  const all = `npx vitest related --run --project unit ${plan.related.join(' ')}`;
  return `${ran}; ${far.length} more reach them through more imports and are NOT run here (\`${all}\` runs all).`;
}
