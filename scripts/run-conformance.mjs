#!/usr/bin/env node
// Runs the official MCP conformance suite (tools/conformance, on the Node 22 it needs) against Loupe's MCP
// client layer (scripts/conformance-client.ts) and the demo server, prints the suite's output and writes
// test-results/reports/conformance.json ({ passed, failed, scenarios }). One scenario = one test case.
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

if (!existsSync(join(toolDir, 'node_modules'))) {
  console.info('Installing the conformance suite (npm ci --prefix tools/conformance)…');
  const installed = spawnSync('npm', ['ci', '--prefix', toolDir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (installed.status !== 0) process.exit(1);
}

// Node 22 first on PATH for the suite only; the app's own client runs on this (Node 20) binary.
const suiteEnv = { ...process.env, PATH: `${join(toolDir, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
const suite = join(toolDir, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
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

rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
mkdirSync(join(root, 'test-results/reports'), { recursive: true });

const scenarios = [];
for (const scenario of clientScenarios) scenarios.push(runScenario('client', scenario, ['--command', clientCommand]));
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
