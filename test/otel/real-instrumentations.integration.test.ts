// OTLP import of traces made by real instrumentation libraries, run here against the mock model APIs and
// exported by the real OTLP/HTTP exporters (JSON and protobuf) to a receiver this test starts — no trace is typed
// by hand. The producers (test/support/otel-producers/) are agents as a person writes them:
// - @opentelemetry/instrumentation-openai 0.21.0 on openai 6.9.0: `chat` spans, content as log records;
// - @arizeai/openinference-instrumentation-anthropic 0.2.8 on @anthropic-ai/sdk: `llm.input_messages.*`.
// Exporters: @opentelemetry/exporter-{trace,logs}-otlp-{http,proto} 0.223.1, SDK 2.12.1 / sdk-logs 0.223.1.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../e2e/fixtures/mock-openai-api';
import { type CapturedExport, type OtlpCaptureReceiver } from '../support/otlp-capture-receiver';
import { produceAnthropicWeatherTrace, produceOtlp, type Closers } from '../support/otel-producers/produce-otlp';
import { importOtlp, type OtlpImportInput } from '../../src/engine/otel/import/import-otlp';
import type { Transcript } from '../../src/engine/transcript/transcript';
import type { TranscriptImportResult } from '../../src/protocol/session-messages';
import { createHostHarness } from '../../src/worker/testing/create-host-harness';

const app = { name: 'Loupe', version: '0.1.0' };
const closers: Closers = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** JSON: every export as one line of a JSON-lines file (the Collector's file exporter); protobuf: one file each. */
function filesOf(receiver: OtlpCaptureReceiver, protocol: 'json' | 'proto'): OtlpImportInput[] {
  if (protocol === 'json') return [{ text: receiver.received.map((entry) => entry.body.toString('utf8')).join('\n') }];
  return receiver.received.map((entry) => ({ bytes: new Uint8Array(entry.body) }));
}

function imported(inputs: OtlpImportInput[]): { transcript: Transcript; notes: string[] } {
  const outcome = importOtlp(inputs, { runId: 'imported-run', app });
  if (outcome.kind !== 'transcript')
    throw new Error(`expected a transcript, got ${JSON.stringify(outcome).slice(0, 400)}`);
  return outcome;
}

function expectWeatherRun(transcript: Transcript, provider: string, callId: string): void {
  expect(transcript.settings.provider).toBe(provider);
  expect(transcript.system).toBe('You answer questions about the weather.');
  expect(transcript.rounds).toHaveLength(2);
  const [first, second] = transcript.rounds;
  expect(first!.toolCalls).toHaveLength(1);
  const call = first!.toolCalls[0]!;
  expect(call).toMatchObject({ id: callId, name: 'get_weather', input: { city: 'Paris' }, status: 'ok' });
  expect(JSON.parse((call.content[0] as { text: string }).text)).toEqual({ city: 'Paris', celsius: 14, sky: 'windy' });
  expect(first!.response!.stopReason).toBe('tool_use');
  expect(second!.response!.content).toEqual([{ type: 'text', text: 'Wear a light jacket: 14 °C and windy.' }]);
  expect(second!.response!.stopReason).toBe('end_turn');
  expect(transcript.messages[0]).toEqual({
    role: 'user',
    content: [{ type: 'text', text: 'What should I wear in Paris today?' }],
  });
  expect(transcript.finishReason).toBe('end_turn');
  // Each round's timing is its own span's.
  expect(first!.response!.timing.endedAt).toBeGreaterThan(first!.response!.timing.startedAt - 1);
  expect(second!.response!.timing.startedAt).toBeGreaterThanOrEqual(first!.response!.timing.startedAt);
}

/** The export's files as a Collector writes them apart: its traces in one, its logs (the content) in another. */
function exportFiles(receiver: OtlpCaptureReceiver, protocol: 'json' | 'proto'): { traces: Blob[]; logs: Blob[] } {
  const of = (path: '/v1/traces' | '/v1/logs') => receiver.received.filter((entry) => entry.path === path);
  const blobs = (entries: CapturedExport[]): Blob[] =>
    protocol === 'json'
      ? [new Blob([entries.map((entry) => entry.body.toString('utf8')).join('\n')])]
      : entries.map((entry) => new Blob([new Uint8Array(entry.body)]));
  return { traces: blobs(of('/v1/traces')), logs: blobs(of('/v1/logs')) };
}

/** Through the worker's import path: the traces file alone lacks the messages; picked with the logs, it has them. */
async function expectOpenedTogether(receiver: OtlpCaptureReceiver, protocol: 'json' | 'proto'): Promise<void> {
  const harness = createHostHarness();
  closers.push(() => harness.host.dispose());
  const { traces, logs } = exportFiles(receiver, protocol);
  const [first, ...restOfTraces] = traces;
  const open = async (runId: string, moreFiles: Blob[]) =>
    (await harness.send({
      type: 'transcript-import',
      runId,
      file: first!,
      ...(moreFiles.length > 0 ? { moreFiles } : {}),
    })) as TranscriptImportResult;
  const alone = await open('traces-alone', restOfTraces);
  if (!alone.ok) throw new Error(JSON.stringify(alone.problems));
  const aloneRun = (await harness.send({ type: 'transcript-export', runId: 'traces-alone' })) as Transcript;
  // The instrumentation writes the messages as log records: without the logs file, the question is not there.
  expect(JSON.stringify(aloneRun.messages)).not.toContain('What should I wear in Paris today?');
  const together = await open('traces-and-logs', [...restOfTraces, ...logs]);
  if (!together.ok) throw new Error(JSON.stringify(together.problems));
  const exported = (await harness.send({ type: 'transcript-export', runId: 'traces-and-logs' })) as Transcript;
  expectWeatherRun(exported, 'openai-compatible', 'call_paris');
}

describe.each(['json', 'proto'] as const)('traces of real instrumentations over OTLP/%s', (protocol) => {
  it(
    '@opentelemetry/instrumentation-openai: rounds from chat spans, messages from its log records',
    { timeout: 60_000 },
    async () => {
      const mock: MockOpenAIApi = await startMockOpenAIApi();
      closers.push(() => mock.close());
      mock.enqueue(
        {
          content: 'Let me look.',
          toolCalls: [{ id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } }],
          usage: { prompt_tokens: 40, completion_tokens: 9 },
        },
        { content: 'Wear a light jacket: 14 °C and windy.', usage: { prompt_tokens: 70, completion_tokens: 12 } },
      );
      const receiver = await produceOtlp('openai-agent.mjs', { LOUPE_OPENAI_BASE: mock.url }, protocol, closers);
      expect(receiver.received.some((entry) => entry.path === '/v1/logs')).toBe(true);
      expect(
        receiver.received.every((entry) => entry.contentType.includes(protocol === 'json' ? 'json' : 'protobuf')),
      ).toBe(true);
      const { transcript } = imported(filesOf(receiver, protocol));
      expectWeatherRun(transcript, 'openai-compatible', 'call_paris');
      expect(transcript.rounds[0]!.request.model).toBe('gpt-4o-mini');
      expect(transcript.rounds[0]!.response!.usage).toMatchObject({ inputTokens: 40, outputTokens: 9 });
      expect(transcript.rounds[0]!.response!.content).toEqual([
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'call_paris', name: 'get_weather', input: { city: 'Paris' } },
      ]);
      await expectOpenedTogether(receiver, protocol);
    },
  );

  it(
    '@arizeai/openinference-instrumentation-anthropic: rounds from LLM spans, llm.input_messages attributes',
    { timeout: 60_000 },
    async () => {
      const receiver = await produceAnthropicWeatherTrace(protocol, closers);
      const { transcript } = imported(filesOf(receiver, protocol));
      expectWeatherRun(transcript, 'anthropic', 'toolu_paris');
      expect(transcript.rounds[1]!.response!.usage).toMatchObject({ inputTokens: 90, outputTokens: 13 });
    },
  );
});
