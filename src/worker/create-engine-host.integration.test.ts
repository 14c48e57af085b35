// The worker's composition root end to end in Node: real MCP servers over HTTP, the real Anthropic SDK
// against the mock Messages API, commands in and protocol messages out — everything but the browser.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startDemoServer } from '../../server/demo-server';
import type { McpHttpHandle } from '../../server/serve-mcp-http';
import type { Transcript } from '../engine/transcript/transcript';
import type { ServerState } from '../protocol/server-status';
import type { RunSettings } from '../protocol/settings';
import { createHostHarness } from './testing/create-host-harness';

const API_KEY = 'sk-ant-integration-key';
let demo: McpHttpHandle;
let api: MockMessagesApi;

beforeAll(async () => {
  [demo, api] = await Promise.all([startDemoServer(), startMockMessagesApi({ apiKey: API_KEY })]);
});
afterAll(async () => {
  await Promise.all([demo.close(), api.close()]);
});

const settings: RunSettings = {
  provider: { kind: 'anthropic', apiKey: API_KEY, baseUrl: '', model: 'claude-haiku-4-5' },
  system: 'Be brief.',
  maxRounds: 5,
  maxTokens: 1024,
};

describe('the engine host', () => {
  it('connects a server, runs a two-tool loop against the mock API and exports a valid transcript', async () => {
    const harness = createHostHarness();
    await harness.send({
      type: 'server-add',
      server: { id: 's1', name: 'demo', url: demo.url, headers: {}, includeInstructions: true },
    });
    const state = await harness.waitFor((messages) =>
      messages.flatMap((m) => (m.type === 'server-state' && m.state.status !== 'connecting' ? [m.state] : [])).at(-1),
    );
    expect(state).toMatchObject<Partial<ServerState>>({ status: 'connected' });
    // The UI lists the weather card's app-only tool too; the model never gets it (see the request below).
    expect(state.tools.map((tool) => tool.exposedName)).toEqual([
      'demo__weather_get',
      'demo__clothing_advise',
      'demo__weather_forecast',
      'demo__weather_outlook',
    ]);

    const runSettings = { ...settings, provider: { ...settings.provider, baseUrl: api.url } };
    await harness.send({ type: 'run-start', runId: 'run-1', settings: runSettings, message: 'What to wear in Rome?' });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'run-event' && m.runId === 'run-1' && m.event.type === 'run-end'),
    );
    const events = harness.runEvents('run-1');
    expect(events.at(-1)).toMatchObject({ type: 'run-end', finishReason: 'end_turn' });
    // Deltas only: no event repeats the history.
    expect(events.filter((event) => event.type === 'run-start')).toHaveLength(1);
    const runStart = events.find((event) => event.type === 'run-start');
    expect(runStart?.type === 'run-start' && runStart.tools.map((tool) => tool.name)).toEqual([
      'demo__weather_get',
      'demo__clothing_advise',
      'demo__weather_outlook',
    ]);

    const transcript = (await harness.send({ type: 'transcript-export', runId: 'run-1' })) as Transcript;
    const schema = JSON.parse(readFileSync('docs/transcript.schema.json', 'utf8')) as Record<string, unknown>;
    expect(new Validator(schema, '2020-12', false).validate(transcript).errors).toEqual([]);
    expect(JSON.stringify(transcript)).not.toContain(API_KEY);
    expect(transcript.system).toContain('Be brief.');
    expect(transcript.system).toContain('weather.get'); // the demo server's instructions were included
    expect(transcript.rounds.map((round) => round.toolCalls.map((call) => `${call.name}:${call.status}`))).toEqual([
      ['demo__weather_get:ok'],
      ['demo__clothing_advise:ok'],
      [],
    ]);
    expect(api.requests.at(-1)?.headers['x-api-key']).toBe(API_KEY);
    await harness.host.dispose();
  });

  it('leaves the instructions out when the server switch is off, without reconnecting', async () => {
    const harness = createHostHarness();
    const server = { id: 's1', name: 'demo', url: demo.url, headers: {}, includeInstructions: true };
    await harness.send({ type: 'server-add', server });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'server-state' && m.state.status === 'connected'),
    );
    const statesBefore = harness.messages.filter((m) => m.type === 'server-state').length;
    await harness.send({ type: 'server-update', server: { ...server, includeInstructions: false } });
    // The state is reported again (still connected), never as a reconnect.
    const statesAfter = harness.messages.filter((m) => m.type === 'server-state').slice(statesBefore);
    expect(statesAfter.map((m) => (m.type === 'server-state' ? m.state.status : ''))).toEqual(['connected']);

    await harness.send({
      type: 'run-start',
      runId: 'run-2',
      settings: { ...settings, provider: { kind: 'demo' } },
      message: 'What should I wear in Rome?',
    });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'run-event' && m.runId === 'run-2' && m.event.type === 'run-end'),
    );
    const start = harness.runEvents('run-2')[0];
    expect(start?.type === 'run-start' ? start.system : undefined).toBe('Be brief.');
    await harness.host.dispose();
  });

  it('reports an unreachable server in plain words and answers unknown runs with an error reply', async () => {
    const harness = createHostHarness();
    await harness.send({
      type: 'server-add',
      server: { id: 'dead', name: 'dead', url: 'http://127.0.0.1:9/mcp', headers: {}, includeInstructions: true },
    });
    const state = await harness.waitFor((messages) =>
      messages.flatMap((m) => (m.type === 'server-state' && m.state.status === 'error' ? [m.state] : [])).at(0),
    );
    expect(state.problem?.kind).toBe('unreachable');
    expect(state.problem?.hint).not.toBe('');
    await expect(harness.send({ type: 'run-stop', runId: 'nope' })).rejects.toThrow(/No run with id nope/);
    await harness.host.dispose();
  });
});
