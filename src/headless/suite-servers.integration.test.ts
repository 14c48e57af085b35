// A suite that brings its servers, run headless: the demo server over HTTP and the npm stdio server
// @modelcontextprotocol/server-memory started in this process through the bridge's code, with no bridge
// started by hand; at the end no child process is left.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../../server/bridge/start-in-process';
import { startDemoServer } from '../../server/demo-server';
import { serializeSuite } from '../suite/parse-suite';
import { SUITE_FORMAT, SUITE_VERSION, type TestSuite } from '../suite/test-suite';
import type { StdioStarter } from './prepare-suite-servers';
import { runCommand } from './testing/run-command';
import { weatherCase } from './testing/weather-case';

const memoryServer = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-memory/dist/index.js');

let demo: Awaited<ReturnType<typeof startDemoServer>>;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(async () => {
  await demo.close();
});

const suite = (): TestSuite => ({
  format: SUITE_FORMAT,
  version: SUITE_VERSION,
  name: 'Brings its servers',
  servers: [
    { name: 'demo', url: demo.url },
    { name: 'memory', command: process.execPath, args: [memoryServer] },
  ],
  cases: [
    {
      ...weatherCase(demo.url, [{ kind: 'tools-called', tools: ['demo__weather_get'], mode: 'set' }]),
      // By name: the suite's own servers list says where they are.
      servers: [{ name: 'demo' }, { name: 'memory' }],
    },
  ],
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The real starter, with the pids it started kept for the no-orphans check. */
function recordingStarter() {
  const pids: number[] = [];
  let started: Awaited<ReturnType<StdioStarter>> | undefined;
  const startStdio: StdioStarter = async (servers) => {
    started = await startInProcess(servers, { withoutEnv: [], log: () => undefined });
    pids.push(...started.childPids());
    return started;
  };
  return { startStdio, pids, running: () => started?.childPids() ?? [] };
}

describe('a suite with an HTTP server and a stdio server', () => {
  it('shows the stdio command and starts nothing without --allow-stdio (exit 2)', async () => {
    const starter = recordingStarter();
    const result = await runCommand(['test', 's.json'], { 's.json': serializeSuite(suite()) }, {}, starter);
    expect(result.code).toBe(2);
    expect(result.err[0]).toBe('This suite starts programs on this machine (stdio servers), with your rights:');
    expect(result.err[1]).toBe(`  memory: ${process.execPath} ${memoryServer}`);
    expect(result.err.at(-1)).toContain('--allow-stdio');
    expect(starter.pids).toEqual([]);
  });

  it('runs with both connected, no bridge started by hand, and leaves no child process', async () => {
    const starter = recordingStarter();
    const args = ['test', 's.json', '--allow-stdio'];
    const result = await runCommand(args, { 's.json': serializeSuite(suite()) }, {}, starter);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.last).toBe('1 passed, 0 failed');
    expect(starter.pids.length).toBeGreaterThan(0);
    expect(starter.running()).toEqual([]);
    expect(starter.pids.filter(isAlive)).toEqual([]);
  });

  it("names a case's server that the suite does not provide, before anything runs", async () => {
    const broken = suite();
    broken.servers = [];
    const result = await runCommand(['test', 's.json'], { 's.json': serializeSuite(broken) });
    expect(result.code).toBe(2);
    expect(result.err[0]).toContain('needs the server "demo"');
  });
});

describe('npm run loupe -- test, as a process', () => {
  it('runs the suite with its stdio server and exits by itself (nothing left holding it open)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-stdio-'));
    const suitePath = join(dir, 'suite.json');
    writeFileSync(suitePath, serializeSuite(suite()));
    // The process ends only once every child and socket is closed: a child left behind would keep it alive.
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'src/headless/loupe-cli.ts',
      'test',
      suitePath,
      '--allow-stdio',
    ]);
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });
});

describe('startInProcess', () => {
  it('keeps the variables it is told to hide from the child', async () => {
    process.env['LOUPE_TEST_HIDDEN'] = 'secret-value';
    const lines: string[] = [];
    const script = "console.error('hidden=' + (process.env.LOUPE_TEST_HIDDEN ?? 'none')); setInterval(() => {}, 1e6)";
    const started = await startInProcess([{ name: 'env', command: process.execPath, args: ['-e', script] }], {
      withoutEnv: ['LOUPE_TEST_HIDDEN'],
      log: (line) => lines.push(line),
    });
    delete process.env['LOUPE_TEST_HIDDEN'];
    const [pid] = started.childPids();
    await started.close();
    expect(lines.join('\n')).not.toContain('secret-value');
    expect(pid === undefined ? true : isAlive(pid)).toBe(false);
  });
});
