// The headless runner end to end in Node: the real engine host, the real demo MCP server over HTTP, the
// Demo model and the mock Messages API (real SSE); offline from a recording with no server at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startDemoServer } from '../../server/demo-server';
import { makeTestCase } from '../suite/make-test-case';
import { serializeSuite } from '../suite/parse-suite';
import { SUITE_FORMAT, SUITE_VERSION, type Expectation, type TestCase, type TestSuite } from '../suite/test-suite';
import { createHostDriver } from './create-host-driver';
import { createInProcessHost } from './in-process-host';
import { readSecretBindings, type SecretBindings } from './read-secret-bindings';
import { runCommand } from './testing/run-command';
import { weatherCase as weatherCaseAt } from './testing/weather-case';

const API_KEY = 'sk-ant-headless';
const noSecrets = readSecretBindings({}) as SecretBindings;
let demo: Awaited<ReturnType<typeof startDemoServer>>;
let api: MockMessagesApi;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  api = await startMockMessagesApi({ apiKey: API_KEY });
});
afterAll(async () => {
  await demo.close();
  await api.close();
});

const weatherCase = (expectations: Expectation[]): TestCase => weatherCaseAt(demo.url, expectations);

const suiteOf = (...cases: TestCase[]): TestSuite => ({
  format: SUITE_FORMAT,
  version: SUITE_VERSION,
  name: 'Weather',
  cases,
});

// The shared driver (testing/run-command.ts); these runs write no telemetry, so its appendFile is never called.
const run = runCommand;

describe('npm run loupe -- test', () => {
  it('passes a Demo-model case against the real demo server (exit 0, the closing count)', async () => {
    const suite = suiteOf(
      weatherCase([
        { kind: 'tools-called', tools: ['demo__weather_get', 'demo__clothing_advise'], mode: 'in-order' },
        {
          kind: 'tool-input',
          tool: 'demo__weather_get',
          path: 'city',
          match: { kind: 'regex', pattern: 'Paris' },
          calls: 'all',
        },
        { kind: 'tool-status', status: 'ok' },
        { kind: 'finish-reason', reason: 'end_turn' },
      ]),
    );
    const result = await run(['test', 'suite.json', '--times', '2'], { 'suite.json': serializeSuite(suite) });
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out.some((line) => line.startsWith('  demo/demo: 2/2 runs passed · '))).toBe(true);
    expect(result.last).toBe('8 passed, 0 failed');
  });

  it('fails with a readable report and a JUnit file on the mock Messages API, and passes once fixed', async () => {
    const failing = suiteOf(
      weatherCase([
        { kind: 'tools-called', tools: ['demo__weather_get'], mode: 'set' },
        { kind: 'final-answer', match: { kind: 'contains', text: 'umbrella-that-never-appears' } },
      ]),
    );
    const args = ['test', 's.json', '--model', 'anthropic/claude-haiku-4-5', '--base-url', api.url, '--junit', 'r.xml'];
    const failed = await run(args, { 's.json': serializeSuite(failing) }, { ANTHROPIC_API_KEY: API_KEY });
    expect(failed.code).toBe(1);
    expect(failed.last).toBe('1 passed, 1 failed');
    expect(failed.out).toContain(
      '  ✗ anthropic/claude-haiku-4-5 run 1: the answer contains "umbrella-that-never-appears" — the answer does not contain “umbrella-that-never-appears”',
    );
    expect(failed.written['r.xml']).toContain(
      '<failure message="the answer does not contain “umbrella-that-never-appears”"/>',
    );
    expect(api.requests.length).toBeGreaterThan(1);
    expect(api.requests.every((request) => request.headers['x-api-key'] === API_KEY)).toBe(true);

    const fixed = suiteOf(weatherCase([{ kind: 'tools-called', tools: ['demo__weather_get'], mode: 'set' }]));
    const passed = await run(args, { 's.json': serializeSuite(fixed) }, { ANTHROPIC_API_KEY: API_KEY });
    expect(passed.code).toBe(0);
    expect(passed.last).toBe('1 passed, 0 failed');
    expect(passed.written['r.xml']).not.toContain('<failure');
  });

  it('checks offline from the recording: no key, no server', async () => {
    const host = createInProcessHost('test');
    const base = weatherCase([]);
    const transcript = await createHostDriver(host, { bindings: noSecrets }).run(
      base,
      base.model,
      new AbortController().signal,
    );
    await host.dispose();
    const made = makeTestCase({ transcript, id: 'recorded' });
    if (typeof made === 'string') throw new Error(made);
    const offline = { ...made, servers: [{ name: 'demo', url: 'http://127.0.0.1:9/unreachable' }] };
    const result = await run(['test', 'o.json', '--offline'], { 'o.json': serializeSuite(suiteOf(offline)) });
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.last).toBe(`${made.expectations.length} passed, 0 failed`);
  });

  it('exits 2 when the suite cannot run: a missing file, a bad file, a missing key, an unreachable server', async () => {
    expect((await run(['test', 'missing.json'], {})).code).toBe(2);
    const bad = await run(['test', 'bad.json'], { 'bad.json': '{"format":"loupe-suite","version":1}' });
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toBe('bad.json is not a usable Loupe test suite:');
    const suite = serializeSuite(suiteOf(weatherCase([{ kind: 'finish-reason', reason: 'end_turn' }])));
    const noKey = await run(['test', 's.json', '--model', 'anthropic/claude-haiku-4-5'], { 's.json': suite });
    expect(noKey.code).toBe(2);
    expect(noKey.err.at(-1)).toContain('Set ANTHROPIC_API_KEY');
    const unreachable = suiteOf({ ...weatherCase([]), servers: [{ name: 'gone', url: 'http://127.0.0.1:9/mcp' }] });
    const down = await run(['test', 'u.json'], { 'u.json': serializeSuite(unreachable) });
    expect(down.code).toBe(2);
    expect(down.err.at(-1)).toContain('server gone (http://127.0.0.1:9/mcp)');
  });
});
