import { describe, expect, it } from 'vitest';
import type { Transcript } from '../engine/transcript/transcript';
import { createLoupeStore } from './create-loupe-store';
import type { LoupeStoreOptions } from './create-loupe-store';
import { SERVERS_KEY } from './persist-servers';
import { connectServers } from './testing/connect-servers';
import { FakeEngineClient } from './testing/fake-engine-client';
import { MemoryStorage } from './testing/memory-storage';

const DEMO_URL = 'http://localhost:3001/mcp';

function setup(client = new FakeEngineClient(), options: Partial<LoupeStoreOptions> = {}) {
  const frames: (() => void)[] = [];
  let nextId = 1;
  const storage = new MemoryStorage();
  const store = createLoupeStore(client, {
    demoServerUrl: DEMO_URL,
    storage,
    scheduleFrame: (flush) => void frames.push(flush),
    createId: () => `id-${nextId++}`,
    ...options,
  });
  return { store, client, storage, runFrame: () => frames.splice(0).forEach((flush) => flush()) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLoupeStore', () => {
  it('adds the demo server named demo on a first visit', () => {
    const { store, client } = setup();
    expect(store.getState().servers).toEqual([
      { id: 'id-1', name: 'demo', url: DEMO_URL, headers: {}, includeInstructions: true },
    ]);
    expect(client.sent('server-add')).toHaveLength(1);
    expect(store.getState().serverStates['id-1']?.status).toBe('connecting');
  });

  it('restores remembered servers instead of the demo one', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      SERVERS_KEY,
      JSON.stringify([{ name: 'gh', url: 'https://gh.example/mcp', includeInstructions: false }]),
    );
    const { store } = setup(new FakeEngineClient(), { storage });
    expect(store.getState().servers.map((server) => [server.name, server.includeInstructions])).toEqual([
      ['gh', false],
    ]);
  });

  it('derives unique names and keeps headers in memory only', async () => {
    const { store, client, storage } = setup();
    await store.getState().addServer('https://tools.example.com/mcp', { Authorization: 'Bearer t' });
    await store.getState().addServer('https://tools.example.com/other');
    await store.getState().addServer('http://localhost:3001/mcp', {}, 'demo');
    expect(store.getState().servers.map((server) => server.name)).toEqual(['demo', 'tools', 'tools2', 'demo2']);
    expect(client.sent('server-add')[1]?.server.headers).toEqual({ Authorization: 'Bearer t' });
    expect(storage.getItem(SERVERS_KEY)).not.toContain('Bearer');
  });

  it('applies server states, removals, reconnects and the instructions switch', async () => {
    const { store, client } = setup();
    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [], instructions: 'Use weather first.' });
    expect(store.getState().serverStates['id-1']?.status).toBe('connected');
    await store.getState().toggleInstructions('id-1');
    expect(client.sent('server-update').at(-1)?.server.includeInstructions).toBe(false);
    await store.getState().reconnectServer('id-1');
    expect(client.sent('server-update')).toHaveLength(2);
    await store.getState().removeServer('id-1');
    expect(client.sent('server-remove')).toEqual([{ type: 'server-remove', serverId: 'id-1' }]);
    expect(store.getState().servers).toEqual([]);
    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [] });
    expect(store.getState().serverStates['id-1']).toBeUndefined();
  });

  it('marks a server in error when the add command fails', async () => {
    const client = new FakeEngineClient({
      'server-add': () => {
        throw new Error('boom');
      },
    });
    const { store } = setup(client);
    await settle();
    expect(store.getState().serverStates['id-1']).toMatchObject({ status: 'error', problem: { message: 'boom' } });
  });

  it('starts a run with settings built from the store and batches its events per frame', async () => {
    const { store, client, runFrame } = setup();
    connectServers(store, client);
    store.getState().updateSettings({ draft: 'Weather in Paris?', maxRounds: 4 });
    await store.getState().run();
    const [command] = client.sent('run-start');
    expect(command).toMatchObject({
      runId: 'id-2',
      message: 'Weather in Paris?',
      settings: { provider: { kind: 'demo' }, maxRounds: 4, maxTokens: 4096 },
    });
    expect(store.getState().runView.phase).toBe('running');

    client.emitRunEvent('id-2', {
      type: 'round-start',
      at: 1,
      round: 1,
      request: { model: 'demo', provider: 'demo', toolNames: [], messageCount: 1, maxTokens: 4096 },
    });
    client.emitRunEvent('id-2', { type: 'text-delta', round: 1, index: 0, text: 'Hel' });
    client.emitRunEvent('id-2', { type: 'text-delta', round: 1, index: 0, text: 'lo' });
    client.emitRunEvent('other-run', { type: 'text-delta', round: 1, index: 0, text: 'ignored' });
    let updates = 0;
    const unsubscribe = store.subscribe(() => updates++);
    expect(store.getState().runView.rounds).toEqual([]);
    runFrame();
    unsubscribe();
    expect(updates).toBe(1);
    expect(store.getState().runView.rounds[0]?.blocks).toEqual([{ kind: 'text', index: 0, text: 'Hello' }]);

    await store.getState().stop();
    expect(client.sent('run-stop')).toEqual([{ type: 'run-stop', runId: 'id-2' }]);
    client.emitRunEvent('id-2', {
      type: 'run-end',
      at: 5,
      finishReason: 'aborted',
      usage: { inputTokens: 1, outputTokens: 1 },
    });
    runFrame();
    expect(store.getState().runView).toMatchObject({ phase: 'ended', finishReason: 'aborted' });
  });

  it('sends the Anthropic provider settings, and refuses to run without a key', async () => {
    const { store, client } = setup();
    connectServers(store, client);
    store.getState().updateSettings({ provider: 'anthropic', apiKey: '', draft: 'hi' });
    await store.getState().run();
    expect(client.sent('run-start')).toEqual([]);
    expect(store.getState().alerts[0]?.message).toMatch(/API key/);
    store.getState().updateSettings({ apiKey: 'sk-test', model: 'claude-x', baseUrl: 'http://mock' });
    await store.getState().run();
    expect(client.sent('run-start')[0]?.settings.provider).toEqual({
      kind: 'anthropic',
      apiKey: 'sk-test',
      baseUrl: 'http://mock',
      model: 'claude-x',
      capabilities: { tools: 'native', vision: true, thinking: false, contextWindow: 200_000 },
    });
  });

  it('does not run an empty message and reports a failed start as an alert', async () => {
    const client = new FakeEngineClient({
      'run-start': () => {
        throw new Error('worker gone');
      },
    });
    const { store } = setup(client);
    store.getState().updateSettings({ draft: '   ' });
    await store.getState().run();
    expect(client.sent('run-start')).toEqual([]);
    store.getState().updateSettings({ draft: 'go' });
    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [] });
    await store.getState().run();
    expect(store.getState().runView).toMatchObject({
      phase: 'ended',
      finishReason: 'error',
      error: { message: 'worker gone' },
    });
    const [alert] = store.getState().alerts;
    expect(alert?.message).toContain('worker gone');
    store.getState().dismissAlert(alert?.id ?? '');
    expect(store.getState().alerts).toEqual([]);
  });

  it('loads models, keeping the current model when listed and else picking the first', async () => {
    const client = new FakeEngineClient({
      'models-list': () => ({
        models: [
          { id: 'a', displayName: 'A' },
          { id: 'b', displayName: 'B' },
        ],
        fromFallback: true,
        warning: 'offline list',
      }),
    });
    const { store } = setup(client);
    store.getState().updateSettings({ provider: 'anthropic', apiKey: 'k', model: 'b' });
    await store.getState().loadModels();
    expect(store.getState().settings).toMatchObject({
      model: 'b',
      modelsFromFallback: true,
      modelsWarning: 'offline list',
    });
    store.getState().updateSettings({ model: 'gone' });
    await store.getState().loadModels();
    expect(store.getState().settings.model).toBe('a');
  });

  it('exports the transcript of the current run', async () => {
    const transcript = { format: 'loupe-transcript', runId: 'id-2' } as unknown as Transcript;
    const client = new FakeEngineClient({ 'transcript-export': () => transcript });
    const { store } = setup(client);
    connectServers(store, client);
    expect(await store.getState().exportTranscript()).toBeNull();
    await store.getState().run();
    expect(await store.getState().exportTranscript()).toBe(transcript);
    expect(client.sent('transcript-export')).toEqual([{ type: 'transcript-export', runId: 'id-2' }]);
  });

  it('stops listening on dispose', async () => {
    const { store, client, runFrame } = setup();
    connectServers(store, client);
    await store.getState().run();
    store.getState().dispose();
    client.emitRunEvent('id-2', {
      type: 'run-end',
      at: 5,
      finishReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1 },
    });
    runFrame();
    expect(store.getState().runView.phase).toBe('running');
  });
});
