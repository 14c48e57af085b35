import { describe, expect, it } from 'vitest';
import { createLoupeStore } from './create-loupe-store';
import { FakeEngineClient } from './testing/fake-engine-client';
import { MemoryStorage } from './testing/memory-storage';

/** The fake client plus the optional crash signal of a worker-backed one. */
class CrashingClient extends FakeEngineClient {
  private readonly crashListeners = new Set<(reason: string) => void>();
  onCrash(listener: (reason: string) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }
  crash(reason: string): void {
    for (const listener of this.crashListeners) listener(reason);
  }
}

function setup() {
  const client = new CrashingClient();
  let nextId = 1;
  const store = createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    storage: new MemoryStorage(),
    scheduleFrame: () => undefined,
    createId: () => `id-${nextId++}`,
  });
  return { store, client };
}

const request = { model: 'demo', provider: 'demo', toolNames: [], messageCount: 1, maxTokens: 4096 };

describe('engine crash', () => {
  it('alerts and ends a running run as interrupted, keeping the events heard so far', async () => {
    const { store, client } = setup();
    store.getState().updateSettings({ draft: 'Weather in Paris?' });
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
});
