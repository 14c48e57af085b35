import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { keepSessionsInWorker, storedLoads } from '../../test/support/worker-session-storage';
import { ENGINE_RESTARTED_NOTICE } from './mark-engine-crash';
import { FakeEngineClient } from './testing/fake-engine-client';
import { createTestStore } from './testing/create-test-store';

/** The fake client plus the optional crash signal of a worker-backed one. */
class CrashingClient extends FakeEngineClient {
  private readonly crashListeners = new Set<(reason: string, restarting: boolean) => void>();
  private readonly restartListeners = new Set<() => void>();
  onCrash(listener: (reason: string, restarting: boolean) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }
  onRestart(listener: () => void): () => void {
    this.restartListeners.add(listener);
    return () => this.restartListeners.delete(listener);
  }
  crash(reason: string, restarting = false): void {
    for (const listener of this.crashListeners) listener(reason, restarting);
  }
  restart(): void {
    for (const listener of this.restartListeners) listener();
  }
}

function setup() {
  const client = new CrashingClient();
  // The worker's storage outlives the worker (IndexedDB): what it stored before the crash is there after.
  keepSessionsInWorker(client, new IDBFactory(), {
    // As the worker's: a run kept open (the person chooses) is not closed.
    loadRun: (command) =>
      command.keepOpen === true
        ? { interrupted: true, closingEvents: [], history: [], changes: [] }
        : {
            interrupted: true,
            closingEvents: [
              { type: 'run-end', at: 9, finishReason: 'aborted', usage: { inputTokens: 0, outputTokens: 0 } },
            ],
            history: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
            changes: [],
          },
    resumeRun: () => Promise.resolve(null),
    keptEvents: () => [],
  });
  const store = createTestStore(client, { sessionStore: 'worker' });
  return { store, client };
}

const request = { model: 'demo', provider: 'demo', toolNames: [], messageCount: 1, maxTokens: 4096 };

describe('engine crash', () => {
  it('alerts and ends a running run as interrupted, keeping the events heard so far', async () => {
    const { store, client } = setup();
    store.getState().updateSettings({ draft: 'Weather in Paris?' });
    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [] });
    await store.getState().run();
    client.emitRunEvent('id-2', { type: 'round-start', at: 1, round: 1, request });
    client.emitRunEvent('id-2', { type: 'text-delta', round: 1, index: 0, text: 'Checking' });
    client.crash('Out of memory');

    const { runView, alerts } = store.getState();
    expect(alerts.map((alert) => alert.message)).toEqual([
      'The engine stopped unexpectedly (Out of memory). Reload to restore the last checkpoint — nothing saved is lost.',
    ]);
    expect(runView).toMatchObject({ phase: 'ended', finishReason: 'error' });
    expect(runView.error?.message).toContain('Out of memory');
    expect(runView.rounds).toHaveLength(1);
    expect(runView.rounds[0]).toMatchObject({
      interrupted: true,
      endedWith: 'error',
      blocks: [{ kind: 'text', text: 'Checking' }],
    });
  });

  it('only alerts when no run is running, and stops listening once disposed', () => {
    const { store, client } = setup();
    client.crash('boom');
    expect(store.getState().runView.phase).toBe('idle');
    expect(store.getState().alerts).toHaveLength(1);
    store.getState().dispose();
    client.crash('again');
    expect(store.getState().alerts).toHaveLength(1);
  });

  it('after a restart reconnects the servers and restores the run from its checkpoint, with a plain notice', async () => {
    const { store, client } = setup();
    await store.getState().initSessions();
    store.getState().updateSettings({ draft: 'Weather in Paris?' });
    client.emitServerState({ serverId: 'id-1', status: 'connected', tools: [] });
    await store.getState().run();
    const runId = client.sent('run-start')[0]!.runId;
    const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Weather in Paris?' }] }];
    client.emitRunEvent(runId, { type: 'run-start', at: 1, runId, tools: [], messages, maxRounds: 10 });
    client.emitRunEvent(runId, { type: 'round-start', at: 2, round: 1, request });
    client.crash('it stopped answering for more than 8 s', true);
    expect(store.getState().alerts.at(-1)?.message).toBe(
      'The engine stopped unexpectedly (it stopped answering for more than 8 s). Loupe is restarting it and will restore the session from its last checkpoint — nothing saved is lost.',
    );

    client.restart();
    await vi.waitFor(() => expect(store.getState().alerts.at(-1)?.message).toBe(ENGINE_RESTARTED_NOTICE));
    expect(client.sent('server-add')).toHaveLength(2);
    expect(store.getState().serverStates['id-1']?.status).toBe('connecting');
    const [load] = storedLoads(client).loads;
    expect(load?.runId).toBe(runId);
    expect(load?.events.map((event) => event.type)).toEqual(['run-start', 'round-start']);
    expect(store.getState().runView).toMatchObject({ runId, phase: 'ended', finishReason: 'aborted' });
    // As after a reload: the interrupted run waits for the person's choice, Resume or End here.
    expect(store.getState().sessionNotice).toMatchObject({ kind: 'interrupted', resumable: true });
  });
});
