// `npm run bridge` as a person runs it: a real process that prints the URL, answers Loupe's origins and the
// ones added with --allow-origin, and leaves no child behind when it gets Ctrl+C (SIGINT) or SIGTERM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mcpPostHeaders, rawInitialize, rawRequest } from '../raw-request.test-support';
import { connectClient, isAlive, testServerPath, textOf } from './bridge.test-support';

const mainPath = fileURLToPath(new URL('./bridge-main.ts', import.meta.url));

interface RunningBridge {
  process: ChildProcessWithoutNullStreams;
  output: string[];
  url: string;
  exited: Promise<number | null>;
}

function runBridge(args: string[]): Promise<RunningBridge> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath, ...args], { stdio: 'pipe' });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let partial = '';
    const read = (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        const url = /^Bridge ready: (\S+)$/.exec(line)?.[1];
        if (url !== undefined) resolve({ process: child, output, url, exited });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`the bridge exited (${code}): ${output.join('\n')}${partial}`)));
  });
}

/** Resolves once the bridge has printed a line containing `text` (lines after "Bridge ready" come a moment later). */
function waitForLine(bridge: RunningBridge, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (bridge.output.some((line) => line.includes(text)) ? resolve() : undefined);
    check();
    bridge.process.stdout.on('data', check);
  });
}

const initialize = rawInitialize('raw');
const mcpHeaders = mcpPostHeaders;

describe('npm run bridge', () => {
  it('prints "Bridge ready: <URL>", accepts --allow-origin, and Ctrl+C stops every child', async () => {
    const bridge = await runBridge([
      '--port',
      '0',
      '--allow-origin',
      'http://localhost:5999',
      process.execPath,
      testServerPath,
    ]);
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\?token=[\w-]{43}$/);
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:5999']) {
      const answer = await rawRequest(bridge.url, {
        method: 'POST',
        headers: { ...mcpHeaders, origin },
        body: initialize,
      });
      expect(answer.status, origin).toBe(200);
    }
    for (const origin of ['http://localhost:6000', 'https://localhost:5173']) {
      const answer = await rawRequest(bridge.url, {
        method: 'POST',
        headers: { ...mcpHeaders, origin },
        body: initialize,
      });
      expect(answer.status, origin).toBe(403);
    }
    const first = await connectClient(bridge.url);
    const second = await connectClient(bridge.url);
    const pids = await Promise.all(
      [first, second].map(async ({ client }) =>
        Number(/pid=(\d+)/.exec(textOf(await client.callTool({ name: 'whoami', arguments: {} })))?.[1]),
      ),
    );
    for (const pid of pids) expect(isAlive(pid)).toBe(true);
    bridge.process.kill('SIGINT');
    expect(await bridge.exited).toBe(0);
    for (const pid of pids) expect(isAlive(pid), `child ${pid}`).toBe(false);
    expect(bridge.output.join('\n')).toMatch(/stopping the servers/);
    await Promise.allSettled([first.client.close(), second.client.close()]);
  }, 60_000);

  it('stops its children on SIGTERM too, and serves every stdio entry of a --config file at its own path', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bridge-')), 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          alpha: { command: process.execPath, args: [testServerPath], env: { STDIO_TEST_SECRET: 'a' } },
          'beta one': { command: process.execPath, args: [testServerPath], env: { STDIO_TEST_SECRET: 'b' } },
          remote: { url: 'https://example.com/mcp' },
        },
      }),
    );
    const bridge = await runBridge(['--port', '0', '--config', file]);
    // Both lines are printed together; wait for the second to be read.
    await new Promise<void>((resolve) => {
      const check = () =>
        bridge.output.filter((line) => line.startsWith('Bridge ready: ')).length === 2 ? resolve() : undefined;
      check();
      bridge.process.stdout.on('data', check);
    });
    const urls = bridge.output.filter((line) => line.startsWith('Bridge ready: ')).map((line) => line.slice(14));
    expect(urls.map((url) => new URL(url).pathname)).toEqual(['/alpha/mcp', '/beta%20one/mcp']);
    expect(bridge.output.join('\n')).toMatch(/Skipped remote: no "command"/);
    const secrets = [];
    const pids = [];
    for (const url of urls) {
      const { client } = await connectClient(url);
      const text = textOf(await client.callTool({ name: 'whoami', arguments: {} }));
      secrets.push(/secret=(\w*)/.exec(text)?.[1]);
      pids.push(Number(/pid=(\d+)/.exec(text)?.[1]));
      void client.close().catch(() => {});
    }
    expect(secrets).toEqual(['a', 'b']);
    bridge.process.kill('SIGTERM');
    expect(await bridge.exited).toBe(0);
    for (const pid of pids) expect(isAlive(pid), `child ${pid}`).toBe(false);
  }, 60_000);

  it('with --keep-token prints the same URL after a restart, and a saved entry connects to the new process', async () => {
    const tokenFile = join(mkdtempSync(join(tmpdir(), 'bridge-token-')), 'config', 'bridge-token');
    const start = () => runBridge(['--port', '0', '--token-file', tokenFile, process.execPath, testServerPath]);
    const first = await start();
    const token = new URL(first.url).searchParams.get('token');
    await waitForLine(first, `A new token is kept in ${tokenFile}`);
    first.process.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const second = await start();
    expect(new URL(second.url).searchParams.get('token')).toBe(token);
    await waitForLine(second, `The token is kept in ${tokenFile}`);
    // The URL saved from the first start (on the second start's port) still gets in.
    const saved = new URL(first.url);
    saved.port = new URL(second.url).port;
    const { client } = await connectClient(saved.href);
    expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toMatch(/pid=\d+/);
    await client.close().catch(() => {});
    second.process.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 60_000);

  it('explains a wrong command line and exits with 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainPath, '--port', 'x', 'node'], { stdio: 'pipe' });
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(text).toMatch(/--port "x" is not a port number\.[\s\S]*Usage:/);
  });
});
