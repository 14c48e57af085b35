import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import type { InBrowserModelInfo } from '../../protocol/in-browser-messages';
import { buildProviderSettings, buildRunSettings } from '../build-provider-settings';
import { createLoupeStore } from '../create-loupe-store';
import { loadSettings } from '../persist-settings';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { MemoryStorage } from '../testing/memory-storage';

const info: InBrowserModelInfo = {
  name: 'qwen.gguf',
  cacheKey: 'a'.repeat(32),
  sizeBytes: 400,
  contextLength: 4096,
  trainedContextLength: 32768,
  chatFormat: 'chatml',
  threads: 1,
};

function setup(load: () => Promise<InBrowserModelInfo>) {
  const client = new FakeEngineClient({
    'in-browser-load': () => load(),
    'in-browser-cache-list': () => ({ entries: [], usageBytes: 10, quotaBytes: 100 }),
  });
  const storage = new MemoryStorage();
  const store = createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    storage,
    scheduleFrame: () => undefined,
  });
  return { store, client, storage };
}

describe('the in-browser slice', () => {
  it('shows progress while loading, then the model; the provider runs it, constrained by default', async () => {
    let finish: (value: InBrowserModelInfo) => void = () => undefined;
    const { store, client, storage } = setup(() => new Promise((resolve) => (finish = resolve)));
    store.getState().updateSettings({ provider: 'in-browser' });
    const loading = store.getState().loadInBrowserModel({ kind: 'url', url: 'https://example.com/qwen.gguf' });
    expect(store.getState().inBrowser.loading).toEqual({ phase: 'download', loaded: 0, total: 0 });
    client.emit({ v: PROTOCOL_VERSION, type: 'in-browser-progress', phase: 'download', loaded: 50, total: 400 });
    expect(store.getState().inBrowser.loading).toEqual({ phase: 'download', loaded: 50, total: 400 });
    finish(info);
    await loading;
    expect(store.getState().inBrowser).toMatchObject({ loaded: info, cache: { entries: [], quotaBytes: 100 } });
    expect(store.getState().inBrowser.loading).toBeUndefined();
    // A late progress message after the load ended changes nothing.
    client.emit({ v: PROTOCOL_VERSION, type: 'in-browser-progress', phase: 'load', loaded: 1, total: 2 });
    expect(store.getState().inBrowser.loading).toBeUndefined();
    const settings = store.getState().settings;
    expect(buildProviderSettings(settings)).toEqual({
      kind: 'in-browser',
      model: 'qwen.gguf',
      constrainToolCalls: true,
    });
    expect(buildRunSettings(settings).temperature).toBeUndefined();
    store.getState().updateSettings({ inBrowser: { constrainToolCalls: false, temperature: 0, contextLength: 2048 } });
    expect(buildRunSettings(store.getState().settings)).toMatchObject({
      provider: { kind: 'in-browser', constrainToolCalls: false },
      temperature: 0,
    });
    expect(loadSettings(storage)).toMatchObject({
      provider: 'in-browser',
      inBrowser: { constrainToolCalls: false, temperature: 0, contextLength: 2048 },
    });
  });

  it('says why a load failed, and forgets the model when the engine restarts', async () => {
    const { store } = setup(() => Promise.reject(new Error('x.gguf is not a GGUF model Loupe can load')));
    await store.getState().loadInBrowserModel({ kind: 'file', file: new Blob(['x']), name: 'x.gguf' });
    expect(store.getState().inBrowser).toMatchObject({ error: 'x.gguf is not a GGUF model Loupe can load' });
    store.setState({ inBrowser: { loaded: info } });
    store.getState().forgetInBrowserModel();
    expect(store.getState().inBrowser.loaded).toBeUndefined();
  });

  it('unloads the model in the worker: the loaded facts go, the kept copy stays listed', async () => {
    const { store, client } = setup(() => Promise.resolve(info));
    store.getState().updateSettings({ provider: 'in-browser' });
    await store.getState().loadInBrowserModel({ kind: 'url', url: 'https://example.com/qwen.gguf' });
    client.rewire((handlers) => ({
      ...handlers,
      'in-browser-cache-list': () => ({
        entries: [{ key: info.cacheKey!, name: info.name, sizeBytes: 400, origin: 'file', storedAt: 1 }],
      }),
    }));
    await store.getState().refreshModelCache();
    await store.getState().unloadInBrowserModel();
    expect(client.commands.at(-1)).toEqual({ type: 'in-browser-unload' });
    expect(store.getState().inBrowser.loaded).toBeUndefined();
    expect(store.getState().inBrowser.cache?.entries).toMatchObject([{ name: 'qwen.gguf' }]);
    // The provider still names the model: a run then fails in the worker asking for a load, as before any load.
    expect(buildProviderSettings(store.getState().settings)).toMatchObject({ kind: 'in-browser', model: 'qwen.gguf' });
  });

  it('keeps the model shown and says why when the worker could not unload it', async () => {
    const { store, client } = setup(() => Promise.resolve(info));
    await store.getState().loadInBrowserModel({ kind: 'url', url: 'https://example.com/qwen.gguf' });
    client.rewire((handlers) => ({
      ...handlers,
      'in-browser-unload': () => Promise.reject(new Error('engine gone')),
    }));
    await store.getState().unloadInBrowserModel();
    expect(store.getState().inBrowser).toMatchObject({
      loaded: info,
      error: 'Could not unload the model: engine gone',
    });
  });
});

describe('stored in-browser settings', () => {
  it('falls back field by field on hostile values', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'loupe.settings',
      JSON.stringify({
        provider: 'in-browser',
        inBrowser: { constrainToolCalls: 'yes', contextLength: 1e12, temperature: -1 },
      }),
    );
    expect(loadSettings(storage).inBrowser).toEqual({ constrainToolCalls: true });
  });
});
