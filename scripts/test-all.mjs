#!/usr/bin/env node
// `npm test`: installs what is missing (Chromium on Debian as root) and runs every check in order:
// format, lint, typecheck, unit + integration tests (Vitest), end-to-end tests (Playwright + Chromium).
// Ends with one "N passed, N failed" line over all test cases.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

function step(name, command, args) {
  console.info(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  return result.status === 0;
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

const npx = 'npx';
const results = [
  step('format', npx, ['prettier', '--check', '.']),
  step('lint', npx, ['eslint', '--max-warnings=0', '.']),
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  step('unit + integration', npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${reportDir}/vitest.json`,
  ]),
  step('end-to-end', npx, ['playwright', 'test']),
  step('MCP conformance', 'node', ['scripts/run-conformance.mjs']),
];

const vitest = readCounts(`${reportDir}/vitest.json`, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const e2e = readCounts(`${reportDir}/playwright.json`, (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
}));
const conformance = readCounts(`${reportDir}/conformance.json`, (r) => ({ passed: r.passed, failed: r.failed }));
const failedSteps = results.filter((ok) => !ok).length;
const passed = vitest.passed + e2e.passed + conformance.passed;
const caseFailures = vitest.failed + e2e.failed + conformance.failed;
const failed = caseFailures + (failedSteps > 0 && caseFailures === 0 ? failedSteps : 0);
console.info(
  `\nunit+integration: ${vitest.passed} passed, ${vitest.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed`,
);
for (const { name, why } of listTestFailures(reportDir)) {
  console.info(`FAILED: ${name}`);
  for (const line of why) console.info(`  | ${line}`);
}
console.info(`MCP conformance scenarios: ${conformance.passed} passed, ${conformance.failed} failed`);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failedSteps === 0 ? 0 : 1);
