#!/usr/bin/env node
// Runs the official MCP conformance suite (tools/conformance, on the Node 22 it needs) against Loupe's MCP
// client layer (scripts/conformance-client.ts) and the demo server, prints the suite's output and writes
// test-results/reports/conformance.json ({ passed, failed, scenarios }). One scenario = one test case.
// Two suites: 0.1.16 for the 2025 scenarios, and 0.2.0-alpha.12 (package alias conformance-2026) for every
// client scenario the 2026-07-28 revision requires. Each scenario is one run of the suite, a few at a time (the
// suite's own --requirements mode starts all of them at once, and on a loaded machine most then time out); a
// scenario that hangs is stopped and fails by name.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const toolDir = join(root, 'tools/conformance');
const workDir = join(root, 'test-results/conformance');
const reportFile = join(root, 'test-results/reports/conformance.json');
const clientScenarios = ['initialize', 'tools_call', 'sse-retry', 'elicitation-sep1034-client-defaults'];
const serverScenarios = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
// Scenarios at once: each is a suite process plus a client (tsx) process, so about one per core, at least 2 and
// at most 4; LOUPE_CONFORMANCE_JOBS overrides it.
const jobs = Number(process.env.LOUPE_CONFORMANCE_JOBS) || Math.max(2, Math.min(4, availableParallelism()));
// The suite waits this long for the client of one scenario; the runner stops a scenario 30 s after that.
const suiteTimeoutMs = 120_000;
const scenarioTimeoutMs = suiteTimeoutMs + 30_000;

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

/**
 * Runs one suite process for one scenario (output folder `outputDir`) and resolves with its exit status and what
 * it printed; past `scenarioTimeoutMs` it is stopped (its whole process group: the suite and the client it
 * started) and resolves with `timedOut`.
 */
function runSuite(args, outputDir) {
  return new Promise((done) => {
    const startedAt = Date.now();
    const child = spawn('node', [...args, '--output-dir', outputDir], {
      cwd: workDir,
      env: suiteEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }, scenarioTimeoutMs);
    child.once('close', (status) => {
      clearTimeout(timer);
      done({
        status,
        timedOut,
        output: Buffer.concat(output).toString('utf8'),
        seconds: (Date.now() - startedAt) / 1000,
      });
    });
  });
}

/** Runs `tasks` (functions returning promises) with at most `limit` going at once; results in task order. */
async function runPooled(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * One scenario: a suite run into its own folder, its output printed as one block once it ends (so scenarios
 * running side by side do not interleave), scored by the checks it wrote and by the suite's own verdict: the 2025
 * suite's exit status (`requireExitZero`), the 2026 suite's `OVERALL: PASSED` line (`requireOverallPassed`; it
 * fails a scenario whose checks all passed when the client then exited with an error).
 */
async function runScenario({ mode, scenario, args, requireExitZero, requireOverallPassed }) {
  const outputDir = join(workDir, 'results', mode, scenario.replaceAll('/', '__'));
  const run = await runSuite(args, outputDir);
  const checks = collectChecks(outputDir).flatMap((found) => found.checks);
  const failures = checks.filter((check) => check.status === 'FAILURE').length;
  const successes = checks.filter((check) => check.status === 'SUCCESS').length;
  const verdict = run.timedOut ? `stopped after ${scenarioTimeoutMs / 1000} s` : `exit ${run.status}`;
  console.info(`\n── ${mode} ${scenario} (${verdict}, ${run.seconds.toFixed(1)} s) ──`);
  process.stdout.write(run.output.endsWith('\n') || run.output === '' ? run.output : `${run.output}\n`);
  const verdictPassed =
    (!requireExitZero || run.status === 0) && (!requireOverallPassed || /OVERALL: PASSED/.test(run.output));
  const passed = !run.timedOut && verdictPassed && failures === 0 && successes > 0;
  return {
    mode,
    scenario,
    passed,
    successes,
    failures,
    ...(run.timedOut ? { timedOut: true } : {}),
    ...(verdictPassed ? {} : { verdict: false }),
  };
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

rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
mkdirSync(join(root, 'test-results/reports'), { recursive: true });

const required = required2026();
if (required.length === 0) {
  console.error('The 2026 suite listed no required client scenarios: its `list` output changed?');
  process.exit(1);
}
const port = await freePort();
const demo = await startDemoServer(port);
const tasks = [
  ...clientScenarios.map((scenario) => ({
    mode: 'client',
    scenario,
    args: [suite, 'client', '--command', clientCommand, '--scenario', scenario, '--timeout', String(suiteTimeoutMs)],
    requireExitZero: true,
  })),
  ...required.map((scenario) => ({
    mode: 'client-2026-07-28',
    scenario,
    // What the suite's --requirements mode does for each scenario: run it at the 2026-07-28 wire, even where the
    // scenario's own spec versions would skip it.
    args: [
      suite2026,
      'client',
      '--command',
      clientCommand,
      '--scenario',
      scenario,
      '--spec-version',
      '2026-07-28',
      '--force',
      '--timeout',
      String(suiteTimeoutMs),
    ],
    requireExitZero: false,
    requireOverallPassed: true,
  })),
  ...serverScenarios.map((scenario) => ({
    mode: 'server',
    scenario,
    args: [suite, 'server', '--url', `http://localhost:${port}/mcp`, '--scenario', scenario],
    requireExitZero: true,
  })),
];
console.info(`Running ${tasks.length} conformance scenarios, ${jobs} at a time…`);
let scenarios;
try {
  scenarios = await runPooled(
    tasks.map((task) => () => runScenario(task)),
    jobs,
  );
} finally {
  demo.kill('SIGTERM');
}

const passed = scenarios.filter((item) => item.passed).length;
const failed = scenarios.length - passed;
writeFileSync(reportFile, `${JSON.stringify({ passed, failed, scenarios }, null, 2)}\n`);
console.info('\nConformance scenarios:');
for (const item of scenarios)
  console.info(
    `  ${item.passed ? 'PASS' : 'FAIL'} ${item.mode} ${item.scenario} (${item.successes} checks passed, ${item.failures} failed${item.timedOut ? ', stopped: it hung' : ''}${item.verdict === false ? ', the suite said FAILED' : ''})`,
  );
console.info(`conformance: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
