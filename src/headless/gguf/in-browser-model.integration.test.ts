// `npm run loupe -- test … --model in-browser/<file.gguf>` end to end in Node: the suite's own tiny GGUF (written
// here, never downloaded) on llama.cpp's Node build, the tool-call grammar on, and a real MCP server (the SDK's,
// over HTTP) that records what reaches it. Sampling is greedy, so each case is the same every run.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle } from '../../../server/serve-mcp-http';
import { writeTinyGguf } from '../../providers/gguf/testing/write-tiny-gguf';
import { serializeSuite } from '../../suite/parse-suite';
import { SUITE_FORMAT, SUITE_VERSION, type TestSuite } from '../../suite/test-suite';
import { parseCliArgs } from '../parse-cli-args';
import { runSuiteCommand } from '../run-suite-command';

const QWEN_TEMPLATE = (await import('node:fs')).readFileSync(
  new URL('../../providers/gguf/chat-template/testing/templates/qwen2.5-instruct.jinja', import.meta.url),
  'utf8',
);

const shape = {
  city: z.string().max(8),
  unit: z.enum(['celsius', 'fahrenheit']),
  days: z.number().int().optional(),
};
/** Every call the server ran, with its arguments as they arrived. */
const received: unknown[] = [];
let server: McpHttpHandle;
let folder: string;
beforeAll(async () => {
  server = await serveMcpHttp(() => {
    const mcp = new McpServer({ name: 'weather', version: '1.0.0' });
    mcp.registerTool('forecast', { description: 'Weather forecast for a city.', inputSchema: shape }, (args) => {
      received.push(args);
      return { content: [{ type: 'text', text: `Mild in ${args.city}.` }] };
    });
    return mcp;
  });
  folder = await mkdtemp(join(tmpdir(), 'loupe-gguf-'));
});
afterAll(async () => {
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const suite = (): TestSuite => ({
  format: SUITE_FORMAT,
  version: SUITE_VERSION,
  name: 'GGUF in Node',
  cases: [
    {
      id: 'forecast',
      name: 'Forecast',
      prompt: 'What is the weather in Oslo?',
      system: '',
      model: { provider: 'demo', model: 'demo' },
      maxRounds: 2,
      maxTokens: 120,
      temperature: 0,
      servers: [{ name: 'weather', url: server.url }],
      expectations: [
        { kind: 'tools-called', tools: ['weather__forecast'], mode: 'set', round: { kind: 'number', round: 1 } },
        { kind: 'tool-status', tool: 'weather__forecast', status: 'ok' },
      ],
    },
  ],
});

/** The case passed, and every call that reached the server fits the tool's schema. */
function expectValidCallsPassed(result: { code: number; err: string[] }): void {
  expect(result.err).toEqual([]);
  expect(result.code).toBe(0);
  expect(received.length).toBeGreaterThan(0);
  for (const args of received) expect(z.object(shape).strict().safeParse(args).success).toBe(true);
}

async function runWith(gguf: Uint8Array, name: string, extra: string[] = []) {
  const path = join(folder, name);
  await writeFile(path, gguf);
  const out: string[] = [];
  const err: string[] = [];
  const parsed = parseCliArgs(['test', 'suite.json', '--model', `in-browser/${path}`, ...extra]);
  if (parsed.ok !== true) throw new Error('bad args');
  const code = await runSuiteCommand(parsed.value, {
    env: {},
    readFile: (file) =>
      file === 'suite.json' ? Promise.resolve(serializeSuite(suite())) : Promise.reject(new Error('ENOENT')),
    writeFile: () => Promise.resolve(),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    appVersion: 'test',
  });
  return { code, out, err };
}

describe('--model in-browser/<file.gguf> in Node', () => {
  it('prompted track (a template without tools): schema-valid calls reach the MCP server, the case passes', async () => {
    received.length = 0;
    const result = await runWith(writeTinyGguf({ contextLength: 4096 }), 'tiny.gguf');
    expectValidCallsPassed(result);
    expect(result.out.at(-1)).toBe('2 passed, 0 failed');
  }, 120_000);

  // The tiny model here prefers `<`: on the prompted track (whose calls begin with `{`) it would only write text,
  // so calls reaching the server show the native track and its Hermes grammar were used.
  it('native track (Qwen2.5 template): the Hermes <tool_call> grammar, calls read back and run', async () => {
    received.length = 0;
    const gguf = writeTinyGguf({ contextLength: 4096, chatTemplate: QWEN_TEMPLATE, preferences: { '<': 2 } });
    expectValidCallsPassed(await runWith(gguf, 'qwen-like.gguf'));
  }, 120_000);

  it('a hostile template (tools, then a loop without end) falls back to the prompted track; calls still arrive', async () => {
    received.length = 0;
    const hostile =
      '{# tools <tool_call> #}{% for a in range(300) %}{% for b in range(300) %}x{% endfor %}{% endfor %}';
    expectValidCallsPassed(
      await runWith(writeTinyGguf({ contextLength: 4096, chatTemplate: hostile }), 'hostile.gguf'),
    );
  }, 120_000);

  it('a path that is not a GGUF file fails the runs in words (exit 2), with no crash', async () => {
    const result = await runWith(new TextEncoder().encode('not a model at all, just text'), 'fake.gguf');
    expect(result.code).toBe(2);
    expect(result.err.join('\n')).toContain('is not a GGUF file');
  }, 120_000);
});
