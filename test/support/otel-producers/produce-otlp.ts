// Runs a producer agent of this folder (node, the real SDKs and OTLP exporters) against a capture receiver the
// test starts, and the Anthropic weather agent against the mock Messages API: the traces tests import are made
// by the libraries that write them, never typed by hand.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startMockMessagesApi } from '../../../e2e/fixtures/mock-messages-api';
import { startOtlpCaptureReceiver, type OtlpCaptureReceiver } from '../otlp-capture-receiver';

const run = promisify(execFile);

/** Where a helper leaves what the test closes after it (its `afterEach` closes them). */
export type Closers = (() => Promise<void>)[];

/** Runs `script` (a file of this folder) with `env`, exporting over OTLP/HTTP in `protocol` to a new receiver. */
export async function produceOtlp(
  script: string,
  env: Record<string, string>,
  protocol: 'json' | 'proto',
  closers: Closers,
): Promise<OtlpCaptureReceiver> {
  const receiver = await startOtlpCaptureReceiver();
  closers.push(() => receiver.close());
  await run(process.execPath, [`test/support/otel-producers/${script}`], {
    env: { ...process.env, ...env, LOUPE_OTLP_BASE: receiver.url, LOUPE_OTLP_PROTOCOL: protocol },
    timeout: 45_000,
  });
  return receiver;
}

/**
 * The Anthropic agent (@arizeai/openinference-instrumentation-anthropic on @anthropic-ai/sdk) on a new mock
 * Messages API scripted for two rounds: `get_weather` for Paris (id `toolu_paris`; 50 in, 11 out), then the answer
 * "Wear a light jacket: 14 °C and windy." (90 in, 13 out).
 */
export async function produceAnthropicWeatherTrace(
  protocol: 'json' | 'proto',
  closers: Closers,
): Promise<OtlpCaptureReceiver> {
  const mock = await startMockMessagesApi();
  closers.push(() => mock.close());
  mock.enqueue(
    {
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_paris', name: 'get_weather', input: { city: 'Paris' } },
      ],
      usage: { input_tokens: 50, output_tokens: 11 },
    },
    {
      content: [{ type: 'text', text: 'Wear a light jacket: 14 °C and windy.' }],
      usage: { input_tokens: 90, output_tokens: 13 },
    },
  );
  return produceOtlp('anthropic-agent.mjs', { LOUPE_ANTHROPIC_BASE: mock.url }, protocol, closers);
}
