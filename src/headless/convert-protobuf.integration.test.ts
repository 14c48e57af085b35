// `npm run loupe -- convert` on an OTLP protobuf file made by the real exporter
// (@opentelemetry/exporter-trace-otlp-proto 0.223.1, traces of @arizeai/openinference-instrumentation-anthropic
// 0.2.8 on @anthropic-ai/sdk against the mock Messages API; the producer is test/support/otel-producers/): the real
// command (node + tsx) reads the file as bytes and writes the run as a transcript.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { produceAnthropicWeatherTrace, type Closers } from '../../test/support/otel-producers/produce-otlp';
import type { Transcript } from '../engine/transcript/transcript';

const run = promisify(execFile);
const closers: Closers = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The protobuf bodies the real exporter posted to /v1/traces, as one file (concatenated messages merge). */
async function producedProtobufTrace(): Promise<Buffer> {
  const receiver = await produceAnthropicWeatherTrace('proto', closers);
  const traces = receiver.received.filter((entry) => entry.path === '/v1/traces');
  expect(traces.length).toBeGreaterThan(0);
  expect(traces.every((entry) => entry.contentType.includes('protobuf'))).toBe(true);
  return Buffer.concat(traces.map((entry) => entry.body));
}

describe('loupe convert, OTLP protobuf in', () => {
  it('reads a real exporter’s protobuf trace file as bytes and writes its run as a transcript', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-convert-proto-'));
    const input = join(dir, 'trace.pb');
    const body = await producedProtobufTrace();
    // Not UTF-8: read as text, the file would not survive.
    expect(Buffer.from(body.toString('utf8'), 'utf8').equals(body)).toBe(false);
    writeFileSync(input, body);
    const out = join(dir, 'run.json');
    const result = await run('node', [
      '--import',
      'tsx',
      'src/headless/loupe-cli.ts',
      'convert',
      input,
      '--to',
      'transcript',
      '--out',
      out,
    ]);
    expect(result.stdout).toContain('from an OpenTelemetry trace');
    const transcript = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
    expect(transcript.settings.provider).toBe('anthropic');
    expect(transcript.rounds).toHaveLength(2);
    expect(transcript.rounds[0]!.toolCalls[0]).toMatchObject({
      id: 'toolu_paris',
      name: 'get_weather',
      input: { city: 'Paris' },
    });
    expect(transcript.rounds[1]!.response!.content).toEqual([
      { type: 'text', text: 'Wear a light jacket: 14 °C and windy.' },
    ]);
  }, 90_000);
});
