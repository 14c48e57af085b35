// Issue 36 (High): a shared suite must not choose where CI's secrets go. The suite names its own model base URL
// and its own server URL, both capture servers here (the real mock APIs and a recording MCP proxy); the keys
// and the server header must reach only what the person bound them to.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../e2e/fixtures/mock-openai-api';
import { startDemoServer } from '../../server/demo-server';
import { serializeSuite } from '../suite/parse-suite';
import { SUITE_FORMAT, SUITE_VERSION, type TestCase, type TestModel } from '../suite/test-suite';
import { parseCliArgs } from './parse-cli-args';
import { runSuiteCommand } from './run-suite-command';

const SECRETS = { ANTHROPIC_API_KEY: 'sk-ant-ci-secret', OPENAI_API_KEY: 'sk-oa-ci-secret' };
const TOKEN = 'Bearer mcp-ci-secret';

/** An MCP server in front of the demo server that records the headers of every request it forwards. */
async function startRecordingProxy(
  target: string,
): Promise<{ url: string; seen: IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.headers);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers.set(name, value);
      void fetch(target, {
        method: request.method ?? 'GET',
        headers,
        ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
      })
        .then((answer) => {
          response.writeHead(answer.status, Object.fromEntries(answer.headers));
          if (answer.body === null) response.end();
          // A stream the demo server ends when it closes: the proxy's copy simply ends with it.
          else
            Readable.fromWeb(answer.body as unknown as NodeReadableStream<Uint8Array>)
              .on('error', () => response.destroy())
              .pipe(response);
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let demo: Awaited<ReturnType<typeof startDemoServer>>;
let capture: Awaited<ReturnType<typeof startRecordingProxy>>;
let messages: MockMessagesApi;
let openai: MockOpenAIApi;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  capture = await startRecordingProxy(demo.url);
  messages = await startMockMessagesApi();
  openai = await startMockOpenAIApi();
});
afterAll(async () => {
  await Promise.all([demo.close(), capture.close(), messages.close(), openai.close()]);
});

function suiteWith(model: TestModel, serverUrl: string, rubric = false): string {
  const testCase: TestCase = {
    id: 'c',
    name: 'Clothes for Paris',
    prompt: 'What should I wear in Paris today?',
    system: '',
    model,
    maxRounds: 4,
    maxTokens: 512,
    servers: [{ name: 'demo', url: serverUrl }],
    expectations: rubric
      ? [{ kind: 'rubric', rubric: 'Mentions a coat' }]
      : [{ kind: 'finish-reason', reason: 'end_turn' }],
  };
  return serializeSuite({ format: SUITE_FORMAT, version: SUITE_VERSION, name: 'Shared', cases: [testCase] });
}

async function run(args: string[], suite: string, env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const parsed = parseCliArgs(['test', 's.json', ...args]);
  if (parsed.ok !== true) throw new Error('bad args');
  const code = await runSuiteCommand(parsed.value, {
    env,
    readFile: () => Promise.resolve(suite),
    writeFile: () => Promise.resolve(),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    appVersion: 'test',
  });
  return { code, out, err };
}

const carried = (value: string) => (headers: Record<string, string | string[] | undefined>) =>
  Object.values(headers).some((header) => String(header).includes(value));

describe('a suite never chooses where a secret goes', () => {
  it('refuses LOUPE_SERVER_HEADERS keyed by server name, which the suite picks', async () => {
    const env = { ...SECRETS, LOUPE_SERVER_HEADERS: JSON.stringify({ demo: { Authorization: TOKEN } }) };
    const result = await run([], suiteWith({ provider: 'demo', model: 'demo' }, capture.url), env);
    expect(result.code).toBe(2);
    expect(result.err[0]).toContain('"demo" is not a server URL. Headers are bound to the server\'s address');
    expect(capture.seen).toEqual([]);
  });

  it("sends no key and no header to the suite's own base URL and server URL, the grader neither", async () => {
    capture.seen.length = 0;
    const env = { ...SECRETS, LOUPE_SERVER_HEADERS: JSON.stringify({ [demo.url]: { Authorization: TOKEN } }) };
    const suite = suiteWith(
      { provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: messages.url },
      capture.url,
      true,
    );
    const result = await run([], suite, env);
    expect(messages.requests).toEqual([]);
    expect(capture.seen.filter(carried('ci-secret'))).toEqual([]);
    expect(result.code).toBe(2);
    const origin = new URL(messages.url).origin;
    expect(result.err).toContain(
      `Rubric expectations will fail: Not run: the suite sends claude-haiku-4-5 to ${origin}, and ANTHROPIC_API_KEY goes only to https://api.anthropic.com (the default). If you trust ${origin}, name it with --base-url or LOUPE_KEY_ORIGINS.`,
    );
    expect(result.out.join('\n')).not.toContain('✓');
  });

  it('sends the key and the header where the person bound them', async () => {
    capture.seen.length = 0;
    messages.reset();
    const env = {
      ...SECRETS,
      LOUPE_KEY_ORIGINS: new URL(messages.url).origin,
      LOUPE_SERVER_HEADERS: JSON.stringify({ [capture.url]: { Authorization: TOKEN } }),
    };
    const suite = suiteWith({ provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: messages.url }, capture.url);
    const result = await run([], suite, env);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(messages.requests.length).toBeGreaterThan(0);
    expect(messages.requests.every((request) => request.headers['x-api-key'] === SECRETS.ANTHROPIC_API_KEY)).toBe(true);
    expect(capture.seen.length).toBeGreaterThan(0);
    expect(capture.seen.every((headers) => headers.authorization === TOKEN)).toBe(true);
  });

  it("runs an OpenAI-compatible case at the suite's own URL without the key, and says so", async () => {
    const suite = suiteWith({ provider: 'openai-compatible', model: 'gpt-4o-mini', baseUrl: openai.url }, demo.url);
    const result = await run([], suite, SECRETS);
    expect(openai.requests.length).toBeGreaterThan(0);
    expect(openai.requests.filter((request) => carried('ci-secret')(request.headers))).toEqual([]);
    expect(result.err).toContain(
      `gpt-4o-mini at ${new URL(openai.url).origin} runs without OPENAI_API_KEY: the key goes only to https://api.openai.com (the default). If you trust ${new URL(openai.url).origin}, name it with --base-url or LOUPE_KEY_ORIGINS.`,
    );
  });

  it('--public-only refuses model and server URLs on this machine or the LAN the person did not name', async () => {
    const metadata = suiteWith(
      { provider: 'openai-compatible', model: 'm', baseUrl: 'http://169.254.169.254/v1' },
      demo.url,
    );
    const refusedModel = await run(['--public-only'], metadata, {});
    expect(refusedModel.code).toBe(2);
    expect(refusedModel.err.at(-1)).toContain(
      'The model m is at http://169.254.169.254, on your local network; --public-only refuses',
    );
    capture.seen.length = 0;
    const local = suiteWith({ provider: 'demo', model: 'demo' }, capture.url);
    const refusedServer = await run(['--public-only'], local, {});
    expect(refusedServer.code).toBe(2);
    expect(refusedServer.err.at(-1)).toContain(`Server demo is at ${new URL(capture.url).origin}, on this machine`);
    expect(capture.seen).toEqual([]);
    const named = await run(['--public-only'], local, { LOUPE_SERVER_HEADERS: JSON.stringify({ [capture.url]: {} }) });
    expect(named.code).toBe(0);
  });
});

describe('what the runner prints', () => {
  it('replaces control characters from the suite, so a case cannot erase a line or fake a ✓', async () => {
    const suite = JSON.parse(suiteWith({ provider: 'demo', model: 'demo' }, demo.url)) as {
      cases: { name: string; expectations: unknown[] }[];
    };
    const [testCase] = suite.cases;
    if (testCase === undefined) throw new Error('no case');
    testCase.name = 'Paris\u001b[2K\r✓ all good\u001b]0;owned\u0007\n✓ fake\u202e';
    testCase.expectations = [{ kind: 'final-answer', match: { kind: 'contains', text: 'never-there' } }];
    const result = await run([], JSON.stringify(suite), {});
    expect(result.code).toBe(1);
    const printed = [...result.out, ...result.err];
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point.
    expect(printed.filter((line) => /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(line))).toEqual([]);
    expect(result.out).toContain('✗ Paris␛[2K␍✓ all good␛]0;owned␇␊✓ fake\ufffd · demo/demo #1');
  });
});
