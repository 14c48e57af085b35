import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../protocol/messages';
import type { MemoryFileEntry } from '../protocol/memory-messages';
import { createLoupeStore } from './create-loupe-store';
import { FakeEngineClient } from './testing/fake-engine-client';
import { MemoryStorage } from './testing/memory-storage';

function setup() {
  const memories = new Map<string, MemoryFileEntry[]>();
  const client = new FakeEngineClient({
    'memory-read': ({ scope }) => memories.get(scope) ?? [],
    'memory-write': ({ scope, path, content }) => {
      if (!path.startsWith('/memories/')) throw new Error('Error: The path is outside /memories.');
      const files = [...(memories.get(scope) ?? []).filter((file) => file.path !== path), { path, content }];
      memories.set(scope, files);
      return files;
    },
  });
  const store = createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    storage: new MemoryStorage(),
    scheduleFrame: () => undefined,
  });
  return { store, client, memories };
}

describe('the memory slice', () => {
  it("follows the memory the next run uses: the session's own, or the named one", async () => {
    const { store, client, memories } = setup();
    memories.set('named:team', [{ path: '/memories/a.md', content: 'shared' }]);
    store.getState().updateSettings({
      apiTools: { ...store.getState().settings.apiTools, memory: { enabled: true, name: 'team' } },
    });
    await store.getState().loadMemory();
    expect(store.getState().memory).toEqual({
      scope: 'named:team',
      files: [{ path: '/memories/a.md', content: 'shared' }],
      loaded: true,
    });
    expect(client.sent('memory-read').at(-1)).toEqual({ type: 'memory-read', scope: 'named:team' });
  });

  it('shows a refused write as an error and keeps the files; a change from the worker is read again', async () => {
    const { store, client } = setup();
    store.getState().updateSettings({
      apiTools: { ...store.getState().settings.apiTools, memory: { enabled: true, name: 'n' } },
    });
    expect(await store.getState().saveMemoryFile('/etc/passwd', 'x')).toBe(false);
    expect(store.getState().memory.error).toContain('outside /memories');
    expect(await store.getState().saveMemoryFile('/memories/b.md', 'ok')).toBe(true);
    expect(store.getState().memory.files).toEqual([{ path: '/memories/b.md', content: 'ok' }]);
    const reads = client.sent('memory-read').length;
    client.emit({ v: PROTOCOL_VERSION, type: 'memory-changed', scope: 'named:other' });
    expect(client.sent('memory-read')).toHaveLength(reads);
    client.emit({ v: PROTOCOL_VERSION, type: 'memory-changed', scope: 'named:n' });
    expect(client.sent('memory-read')).toHaveLength(reads + 1);
  });
});
