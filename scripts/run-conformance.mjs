#!/usr/bin/env node
// Runs the official MCP conformance suite (tools/conformance, on the Node 22 it needs) against Loupe's MCP
// client layer (scripts/conformance-client.ts) and the demo server, prints the suite's output and writes
// test-results/reports/conformance.json ({ passed, failed, scenarios }). One scenario = one test case.
// Two suites: 0.1.16 for the 2025 scenarios, and 0.2.0-alpha.12 (package alias conformance-2026) for every
// client scenario the 2026-07-28 revision requires, run concurrently by the suite itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const toolDir = join(root, 'tools/conformance');
const workDir = join(root, 'test-results/conformance');
const reportFile = join(root, 'test-results/reports/conformance.json');
const clientScenarios = ['initialize', 'tools_call', 'sse-retry', 'elicitation-sep1034-client-defaults'];
const serverScenarios = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

// Checked by the newest suite, so a copy installed before it was added is brought up to date.
if (!existsSync(join(toolDir, 'node_modules/conformance-2026/dist/index.js'))) {
  console.info('Installing the conformance suite (npm ci --prefix tools/conformance)…');
  const installed = spawnSync('npm', ['ci', '--prefix', toolDir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (installed.status !== 0) process.exit(1);
}

// Node 22 first on PATH for the suite only; the app's own client runs on this (Node 20) binary.
const suiteEnv = { ...process.env, PATH: `${join(toolDir, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
const suite = join(toolDir, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const suite2026 = join(toolDir, 'node_modules/conformance-2026/dist/index.js');
const clientCommand = `${process.execPath} --import tsx ${join(root, 'scripts/conformance-client.ts')}`;

function freePort() {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function startDemoServer(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/demo-server-main.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ready, fail) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('demo MCP server')) ready();
    });
    child.once('exit', (code) => fail(new Error(`The demo server exited (${code}).`)));
  });
  return child;
}

/** The checks the suite wrote for the run that just ended (the newest results folder). */
function readChecks(before) {
  const dir = join(workDir, 'results');
  if (!existsSync(dir)) return [];
  const fresh = readdirSync(dir).filter((name) => !before.has(name));
  return fresh.flatMap((name) => {
    const file = join(dir, name, 'checks.json');
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  });
}

function runScenario(mode, scenario, target) {
  const resultsDir = join(workDir, 'results');
  const before = new Set(existsSync(resultsDir) ? readdirSync(resultsDir) : []);
  const args = [suite, mode, ...target, '--scenario', scenario, '--output-dir', resultsDir];
  const run = spawnSync('node', args, { cwd: workDir, env: suiteEnv, stdio: 'inherit', timeout: 120_000 });
  const checks = readChecks(before);
  const failures = checks.filter((check) => check.status === 'FAILURE').length;
  const successes = checks.filter((check) => check.status === 'SUCCESS').length;
  return { mode, scenario, passed: run.status === 0 && failures === 0 && successes > 0, successes, failures };
}

/** Every checks.json under `dir`, keyed by scenario (its folder path less the run's timestamp). */
function collectChecks(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const file = join(dir, entry.name, 'checks.json');
    const scenario = `${prefix}${entry.name.replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '')}`;
    if (existsSync(file)) return [{ scenario, checks: JSON.parse(readFileSync(file, 'utf8')) }];
    return collectChecks(join(dir, entry.name), `${prefix}${entry.name}/`);
  });
}

/** The client scenarios the 2026-07-28 revision requires (the suite's own frozen list). */
function required2026() {
  const listed = spawnSync('node', [suite2026, 'list', '--client', '--requirements', '2026-07-28'], {
    env: suiteEnv,
    encoding: 'utf8',
  });
  const section = listed.stdout.split('Client scenarios')[1]?.split('Run and reported')[0] ?? '';
  return [...section.matchAll(/^\s+- (\S+)$/gm)].map((match) => match[1]);
}

/** One run of the 2026 suite over all its required client scenarios; extension scenarios are not counted. */
function run2026() {
  const resultsDir = join(workDir, 'results-2026');
  // All scenarios start at once, each a tsx process: on a loaded machine the suite's 30 s default is too short.
  const args = [suite2026, 'client', '--command', clientCommand, '--requirements', '2026-07-28', '--timeout', '180000'];
  spawnSync('node', [...args, '--output-dir', resultsDir], {
    cwd: workDir,
    env: suiteEnv,
    stdio: 'inherit',
    timeout: 300_000,
  });
  const runs = collectChecks(resultsDir);
  return required2026().map((scenario) => {
    const checks = runs.find((run) => run.scenario === scenario)?.checks ?? [];
    const failures = checks.filter((check) => check.status === 'FAILURE').length;
    const successes = checks.filter((check) => check.status === 'SUCCESS').length;
    return { mode: 'client-2026-07-28', scenario, passed: failures === 0 && successes > 0, successes, failures };
  });
}

rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
mkdirSync(join(root, 'test-results/reports'), { recursive: true });

const scenarios = [];
for (const scenario of clientScenarios) scenarios.push(runScenario('client', scenario, ['--command', clientCommand]));
scenarios.push(...run2026());
const port = await freePort();
const demo = await startDemoServer(port);
try {
  for (const scenario of serverScenarios)
    scenarios.push(runScenario('server', scenario, ['--url', `http://localhost:${port}/mcp`]));
} finally {
  demo.kill('SIGTERM');
}

const passed = scenarios.filter((item) => item.passed).length;
const failed = scenarios.length - passed;
writeFileSync(reportFile, `${JSON.stringify({ passed, failed, scenarios }, null, 2)}\n`);
console.info('\nConformance scenarios:');
for (const item of scenarios)
  console.info(
    `  ${item.passed ? 'PASS' : 'FAIL'} ${item.mode} ${item.scenario} (${item.successes} checks passed, ${item.failures} failed)`,
  );
console.info(`conformance: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
