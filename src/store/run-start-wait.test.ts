import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEngineClient } from './testing/fake-engine-client';
import { createTestStore } from './testing/create-test-store';
import { SERVER_WAIT_MS } from './wait-for-servers';

/** A first visit: the demo server (id-1) is added and stays `connecting` until the test reports on it. */
function setup() {
  const client = new FakeEngineClient();
  const store = createTestStore(client);
  store.getState().updateSettings({ draft: 'Weather in Paris?' });
  return { store, client };
}

const demoTool = {
  exposedName: 'demo__get_weather',
  originalName: 'get_weather',
  description: 'Weather',
  inputSchema: { type: 'object' },
  readOnly: true,
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a run pressed while a server is still connecting', () => {
  it('waits, visibly, and starts once the server has connected', async () => {
    const { store, client } = setup();
    const started = store.getState().run();
    expect(store.getState().runView).toMatchObject({ phase: 'running', waitingFor: ['demo'] });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(client.sent('run-start')).toEqual([]);

    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [demoTool] });
    await vi.advanceTimersByTimeAsync(200);
    await started;
    expect(client.sent('run-start')).toHaveLength(1);
    expect(store.getState().runView).toMatchObject({ phase: 'running', waitingFor: [] });
    expect(store.getState().alerts).toEqual([]);
  });

  it('does not wait for a server that failed', async () => {
    const { store, client } = setup();
    client.emitServerState({
      serverId: 'id-1',
      status: 'error',
      tools: [],
      problem: { kind: 'unknown', message: 'refused', hint: 'Reconnect.' },
    });
    await store.getState().run();
    expect(client.sent('run-start')).toHaveLength(1);
  });

  it('goes on without the server after the bound, with a notice naming it', async () => {
    const { store, client } = setup();
    const started = store.getState().run();
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS + 200);
    await started;
    expect(client.sent('run-start')).toHaveLength(1);
    expect(store.getState().alerts.map((alert) => alert.message)).toEqual([
      'The run went on without “demo”: it was still connecting after 10 s, so its tools are not in this run.',
    ]);
  });

  it('Stop while waiting ends the run as aborted and never starts it', async () => {
    const { store, client } = setup();
    const started = store.getState().run();
    await vi.advanceTimersByTimeAsync(500);
    await store.getState().stop();
    await started;
    expect(store.getState().runView).toMatchObject({ phase: 'ended', finishReason: 'aborted', waitingFor: [] });
    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [] });
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS + 200);
    expect(client.sent('run-start')).toEqual([]);
    expect(client.sent('run-stop')).toEqual([]);
  });

  it('a second Run while waiting does not start a second run', async () => {
    const { store, client } = setup();
    const first = store.getState().run();
    await store.getState().run();
    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [] });
    await vi.advanceTimersByTimeAsync(200);
    await first;
    expect(client.sent('run-start')).toHaveLength(1);
  });
});

describe('the bound on waiting for servers', () => {
  it('does not count time while the engine is still starting', async () => {
    const { store, client } = setup();
    let ready = false;
    Object.assign(client, { isReady: () => ready });
    const started = store.getState().run();
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS * 3);
    expect(client.sent('run-start')).toEqual([]);
    ready = true;
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 1_000);
    expect(client.sent('run-start')).toEqual([]);
    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [] });
    await vi.advanceTimersByTimeAsync(200);
    await started;
    expect(client.sent('run-start')).toHaveLength(1);
    expect(store.getState().alerts).toEqual([]);
  });
});
