// `npm run loupe -- test … --otlp`: each run (each case, repetition and model) sent as a trace to a real OTLP/HTTP
// receiver (which decodes every request through the official protobuf definitions) or appended to a file as OTLP/JSON
// lines, every expectation a `gen_ai.evaluation.result` event. A refused, unreachable or redirecting collector is
// said once and changes nothing else.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startDemoServer } from '../../server/demo-server';
import { startOtlpReceiver, type OtlpReceiver } from '../../test/support/otlp-receiver';
import { throughProto } from '../../test/support/otlp-proto';
import { importOtlp } from '../engine/otel/import/import-otlp';
import type { OtlpSpan, OtlpTraceRequest } from '../engine/otel/otlp-json';
import { serializeSuite } from '../suite/parse-suite';
import { SUITE_FORMAT, SUITE_VERSION, type TestCase } from '../suite/test-suite';
import { runCommand } from './testing/run-command';
import { weatherCase as weatherCaseAt } from './testing/weather-case';

const API_KEY = 'sk-ant-otlp-suite-key';
const OTLP_SECRET = 'otlp-secret-value-123';
let demo: Awaited<ReturnType<typeof startDemoServer>>;
let api: MockMessagesApi;
let receiver: OtlpReceiver;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  api = await startMockMessagesApi({ apiKey: API_KEY });
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await Promise.all([demo.close(), api.close(), receiver.close()]);
});

const weatherCase = (): TestCase =>
  weatherCaseAt(demo.url, [
    { kind: 'tools-called', tools: ['demo__weather_get'], mode: 'set' },
    { kind: 'final-answer', match: { kind: 'contains', text: 'umbrella-that-never-appears' } },
  ]);
const suiteText = () =>
  serializeSuite({ format: SUITE_FORMAT, version: SUITE_VERSION, name: 'Weather', cases: [weatherCase()] });

/** `loupe test s.json …args` on the weather suite, files in memory (appended ones in `written`). */
const run = (args: string[], env: Record<string, string> = {}) =>
  runCommand(['test', 's.json', ...args], { 's.json': suiteText() }, env);

const spansOf = (request: unknown) =>
  (request as OtlpTraceRequest).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((s) => s.spans));
const attributesOf = (attributes: OtlpSpan['attributes']) =>
  Object.fromEntries(attributes.map((kv) => [kv.key, Object.values(kv.value)[0] as unknown]));
const agentOf = (request: unknown) => spansOf(request).find((span) => span.name === 'invoke_agent Loupe');

/** A collector that answers every request with `status` (and `location` when it redirects). */
async function startCollector(
  status: number,
  location?: string,
): Promise<{ url: string; hits: number; server: Server }> {
  const state = { hits: 0 };
  const server = createServer((request, response) => {
    state.hits += 1;
    request.resume();
    response.writeHead(status, location === undefined ? {} : { location }).end('collector says no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    get hits() {
      return state.hits;
    },
  };
}

describe('loupe test --otlp', () => {
  it('sends each run of each model and repetition as its own trace, every expectation an evaluation event', async () => {
    receiver.received.length = 0;
    receiver.headers.length = 0;
    const base = receiver.url.replace('/v1/traces', '');
    const args = ['--times', '2', '--model', 'demo/demo', '--model', `anthropic/claude-haiku-4-5@${api.url}`];
    const result = await run([...args, '--otlp', base], {
      ANTHROPIC_API_KEY: API_KEY,
      LOUPE_OTLP_HEADERS: `authorization=Bearer%20${OTLP_SECRET},x-tenant=loupe`,
    });
    // The suite decides the exit code: one expectation fails in every run.
    expect(result.code).toBe(1);
    expect(result.err).toEqual([]);
    expect(receiver.received).toHaveLength(4);
    expect(receiver.headers.every((headers) => headers.authorization === `Bearer ${OTLP_SECRET}`)).toBe(true);
    expect(receiver.headers[0]?.['x-tenant']).toBe('loupe');
    const agents = receiver.received.map(agentOf);
    expect(new Set(agents.map((agent) => agent?.traceId)).size).toBe(4);
    const runs = agents.map((agent) => attributesOf(agent?.attributes ?? []));
    expect(runs.map((attributes) => [attributes['loupe.test.model'], attributes['loupe.test.attempt']]).sort()).toEqual(
      [
        ['anthropic/claude-haiku-4-5', '1'],
        ['anthropic/claude-haiku-4-5', '2'],
        ['demo/demo', '1'],
        ['demo/demo', '2'],
      ],
    );
    expect(runs[0]).toMatchObject({
      'loupe.test.suite': 'Weather',
      'loupe.test.case.id': 'paris',
      'loupe.test.passed': false,
    });
    for (const agent of agents) {
      const events = (agent?.events ?? []).filter((event) => event.name === 'gen_ai.evaluation.result');
      expect(events.map((event) => attributesOf(event.attributes))).toEqual([
        expect.objectContaining({
          'gen_ai.evaluation.name': 'calls demo__weather_get (in any order)',
          'gen_ai.evaluation.score.label': 'pass',
          'gen_ai.evaluation.score.value': 1,
        }),
        expect.objectContaining({
          'gen_ai.evaluation.score.label': 'fail',
          'gen_ai.evaluation.score.value': 0,
        }),
      ]);
      // Explanations can quote what the model wrote or a tool returned: only with --otlp-content.
      expect(events.flatMap((event) => event.attributes.map((kv) => kv.key))).not.toContain(
        'gen_ai.evaluation.explanation',
      );
    }
    // The host's conversion: the MCP request behind each call, its JSON-RPC id included; content off by default.
    const tool = spansOf(receiver.received[0]).find((span) => span.name.startsWith('execute_tool '));
    expect(attributesOf(tool?.attributes ?? [])).toMatchObject({ 'mcp.method.name': 'tools/call' });
    expect(attributesOf(tool?.attributes ?? [])['jsonrpc.request.id']).toMatch(/^\d+$/);
    const everything = JSON.stringify(receiver.received) + result.out.join('\n') + result.err.join('\n');
    expect(everything).not.toContain('Paris today');
    expect(everything).not.toContain(OTLP_SECRET.slice(6));
    expect(everything).not.toContain(API_KEY);
  });

  it('appends one OTLP/JSON line per run to a file, which the protobuf schema and the importer read', async () => {
    const result = await run(['--times', '2', '--otlp', 'traces.jsonl', '--otlp-content']);
    expect(result.code).toBe(1);
    const lines = (result.written['traces.jsonl'] ?? '').trim().split('\n');
    expect(lines).toHaveLength(2);
    // Asked for with --otlp-content: the messages are in the spans.
    expect(lines[0]).toContain('Paris today');
    for (const line of lines) {
      const request = JSON.parse(line) as OtlpTraceRequest;
      expect(throughProto(request).decoded).toEqual(throughProto(request).written);
      const events = agentOf(request)?.events.filter((event) => event.name === 'gen_ai.evaluation.result') ?? [];
      expect(events).toHaveLength(2);
      expect(attributesOf(events[1]?.attributes ?? [])['gen_ai.evaluation.explanation']).toBe(
        'the answer does not contain “umbrella-that-never-appears”',
      );
    }
    // The Collector's file exporter format: Loupe's own importer opens it, a trace per run to choose from.
    const outcome = importOtlp([{ text: result.written['traces.jsonl'] ?? '' }], {
      runId: 'imported',
      app: { name: 'Loupe', version: 'test' },
    });
    expect(outcome.kind).toBe('choice');
  });

  it('says a refused, unreachable or redirecting collector once, and the exit code stays the suite’s', async () => {
    const refusing = await startCollector(503);
    const redirecting = await startCollector(307, receiver.url);
    try {
      receiver.received.length = 0;
      for (const target of [refusing.url, 'http://127.0.0.1:9', redirecting.url]) {
        const result = await run(['--times', '3', '--otlp', target], {
          LOUPE_OTLP_HEADERS: `authorization=${OTLP_SECRET}`,
        });
        expect(result.code).toBe(1);
        expect(result.err).toHaveLength(1);
        expect(result.err[0]).toMatch(/^OpenTelemetry: the test runs' traces were not sent: .*The suite goes on/);
        expect(result.err[0]).not.toContain(OTLP_SECRET);
      }
      expect(refusing.hits).toBe(3);
      // The redirect is not followed: the headers never reach where it points.
      expect(redirecting.hits).toBe(3);
      expect(receiver.received).toHaveLength(0);
    } finally {
      refusing.server.close();
      redirecting.server.close();
    }
  });

  it('refuses, before any run, an endpoint or headers it must not use (exit 2, no secret printed)', async () => {
    const withPassword = await run(['--otlp', 'http://user:hunter22@127.0.0.1:4318']);
    expect(withPassword.code).toBe(2);
    expect(withPassword.err.join('\n')).toContain('user name or password');
    expect(withPassword.err.join('\n')).not.toContain('hunter22');
    const badHeader = await run(['--otlp', receiver.url], { LOUPE_OTLP_HEADERS: 'bad header=secret-in-bad-header' });
    expect(badHeader.code).toBe(2);
    expect(badHeader.err.join('\n')).not.toContain('secret-in-bad-header');
    const injected = await run(['--otlp', receiver.url], { LOUPE_OTLP_HEADERS: 'x-a=one%0D%0AHost:%20evil' });
    expect(injected.code).toBe(2);
    expect(injected.out).toEqual([]);
  });
});
