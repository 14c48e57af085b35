#!/usr/bin/env node
// `npm test`: installs what is missing (Chromium on Debian as root) and runs every check: format, lint,
// typecheck, unit and integration tests (Vitest), end-to-end tests (Playwright + Chromium) and MCP conformance.
// Independent stages run side by side, two at a time (LOUPE_TEST_JOBS; one core each is about what the lint, a
// tsc or a Playwright worker keeps busy): the end-to-end build first, then its tests, while the other slot goes
// through lint, typecheck, format, unit, integration and conformance. Each stage's output is printed whole when it
// ends, then each stage's time; the last line is one "N passed, N failed" over all test cases.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { formatStageTimes, runStages } from './checks/run-stages.mjs';
import { listTestFailures } from './list-test-failures.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = 'test-results/reports';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.info('Installing Chromium from Debian packages (apt-get install -y chromium)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function readCounts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0 };
  }
}

if (!existsSync('node_modules')) execFileSync('npm', ['ci'], { stdio: 'inherit' });
ensureChromium();
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const node = (name, args, extra = {}) => ({ name, command: process.execPath, args, ...extra });
const vitest = (project) =>
  node(project, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${reportDir}/vitest-${project}.json`,
  ]);
// In the order the two slots take them: the longest chain (build, then the end-to-end tests) starts first.
const stages = [
  node('e2e build', ['--import', 'tsx', 'e2e/fixtures/build-e2e-app.ts']),
  node('lint', ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.']),
  node('end-to-end', ['node_modules/@playwright/test/cli.js', 'test'], { needs: ['e2e build'] }),
  node('typecheck', ['scripts/checks/typecheck.mjs']),
  node('format', ['node_modules/prettier/bin/prettier.cjs', '--check', '.']),
  vitest('unit'),
  vitest('integration'),
  node('MCP conformance', ['scripts/run-conformance.mjs']),
];
const started = Date.now();
const results = await runStages(stages, { jobs: Number(process.env.LOUPE_TEST_JOBS) || 2 });

const vitestCounts = (project) =>
  readCounts(`${reportDir}/vitest-${project}.json`, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const unit = vitestCounts('unit');
const integration = vitestCounts('integration');
const e2e = readCounts(`${reportDir}/playwright.json`, (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
}));
const conformance = readCounts(`${reportDir}/conformance.json`, (r) => ({ passed: r.passed, failed: r.failed }));
const failedSteps = results.filter((result) => !result.ok).length;
const all = [unit, integration, e2e, conformance];
const passed = all.reduce((sum, counts) => sum + counts.passed, 0);
const caseFailures = all.reduce((sum, counts) => sum + counts.failed, 0);
const failed = caseFailures + (failedSteps > 0 && caseFailures === 0 ? failedSteps : 0);
console.info(`\n${formatStageTimes(results, (Date.now() - started) / 1000).join('\n')}`);
console.info(
  `\nunit: ${unit.passed} passed, ${unit.failed} failed; integration: ${integration.passed} passed, ${integration.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed`,
);
for (const { name, why } of listTestFailures(reportDir)) {
  console.info(`FAILED: ${name}`);
  for (const line of why) console.info(`  | ${line}`);
}
console.info(`MCP conformance scenarios: ${conformance.passed} passed, ${conformance.failed} failed`);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failedSteps === 0 ? 0 : 1);
