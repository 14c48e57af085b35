import { describe, expect, it } from 'vitest';
import type { CommandResults } from '../protocol/messages';
import { defaultSettings } from './settings';
import { sendRunTelemetry, type TelemetryState } from './send-run-telemetry';
import { FakeEngineClient } from './testing/fake-engine-client';

const end = { type: 'run-end', at: 1, finishReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 1 } } as const;
const flush = () => new Promise((resolve) => setImmediate(resolve));

function setUp(answers: CommandResults['otlp-send'][], endpoint = 'http://localhost:4318') {
  const alerts: string[] = [];
  const client = new FakeEngineClient({ 'otlp-send': () => answers.shift() ?? { ok: true } });
  const state: TelemetryState = {
    settings: {
      ...defaultSettings,
      apiKey: 'sk-ant-person-key',
      telemetry: { includeContent: true, endpoint, traceContext: true, headers: { 'x-key': 'collector-key' } },
    },
    servers: [],
    sessionAccess: 'owner',
    pushAlert: (message) => alerts.push(message),
  };
  sendRunTelemetry(client, () => state);
  return { client, alerts, state };
}

describe('sendRunTelemetry', () => {
  it('asks the worker to send each ended run with the endpoint, headers, content choice and secrets', async () => {
    const { client } = setUp([]);
    client.emitRunEvent('r1', end);
    await flush();
    const [sent, ...more] = client.sent('otlp-send');
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      runId: 'r1',
      endpoint: 'http://localhost:4318',
      headers: { 'x-key': 'collector-key' },
      content: true,
    });
    expect(sent?.secrets).toContain('sk-ant-person-key');
  });

  it('says a failure once, again only after a send succeeded', async () => {
    const { client, alerts } = setUp([
      { ok: false, reason: 'HTTP 503.' },
      { ok: false, reason: 'HTTP 503.' },
      { ok: true },
      { ok: false, reason: 'HTTP 401.' },
    ]);
    for (const runId of ['r1', 'r2', 'r3', 'r4']) {
      client.emitRunEvent(runId, end);
      await flush();
    }
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toContain('HTTP 503.');
    expect(alerts[1]).toContain('HTTP 401.');
  });

  it('sends nothing without an endpoint, or from a tab that does not run the session', async () => {
    const empty = setUp([], '');
    empty.client.emitRunEvent('r1', end);
    const reader = setUp([]);
    reader.state.sessionAccess = 'read-only';
    reader.client.emitRunEvent('r1', end);
    await flush();
    expect([...empty.client.sent('otlp-send'), ...reader.client.sent('otlp-send')]).toEqual([]);
  });
});
