// Issue 36 (Medium): one click on an imported transcript's settings must never send the person's key to the
// file's host. Another origin is named before anything is sent; "Use these settings" then clears the key, and
// only "Send my key to <host>" keeps it.
import { describe, expect, it } from 'vitest';
import { buildProviderSettings } from './build-provider-settings';
import { createLoupeStore } from './create-loupe-store';
import { diffImportedSettings } from './diff-imported-settings';
import { FakeEngineClient } from './testing/fake-engine-client';
import type { TranscriptSettings } from '../engine/transcript/transcript';
import { importedSettings } from './testing/imported-settings';
import { MemoryStorage } from './testing/memory-storage';

const file = importedSettings;

function storeWithKeys() {
  const store = createLoupeStore(new FakeEngineClient(), {
    demoServerUrl: 'http://d/mcp',
    storage: new MemoryStorage(),
  });
  store
    .getState()
    .updateSettings({ provider: 'openai-compatible', apiKey: 'sk-oai-mine', baseUrl: 'http://localhost:11434/v1' });
  store.getState().updateSettings({ provider: 'anthropic', apiKey: 'sk-ant-mine', model: 'claude-x' });
  return store;
}

const offerFrom = (store: ReturnType<typeof storeWithKeys>, settings: TranscriptSettings) =>
  store.getState().offerImportedSettings(diffImportedSettings(settings, store.getState().settings));

describe("an imported file's base URL never takes the key with it", () => {
  it('names the host that would receive the key, for the provider in use and for one switched to', () => {
    const store = storeWithKeys();
    const same = diffImportedSettings(file({ baseUrl: 'https://evil.example/v1' }), store.getState().settings);
    expect(same?.keyRedirect).toEqual({ provider: 'anthropic', from: 'api.anthropic.com', to: 'evil.example' });
    const switched = diffImportedSettings(
      file({ provider: 'openai-compatible', model: 'gpt', baseUrl: 'https://evil.example:8443/v1' }),
      store.getState().settings,
    );
    expect(switched?.keyRedirect).toEqual({
      provider: 'openai-compatible',
      from: 'localhost:11434',
      to: 'evil.example:8443',
    });
    // The same origin (another path) takes the key nowhere new; no key, nothing to redirect.
    expect(
      diffImportedSettings(file({ baseUrl: 'https://api.anthropic.com/proxy' }), store.getState().settings)
        ?.keyRedirect,
    ).toBeUndefined();
    store.getState().updateSettings({ apiKey: '' });
    expect(
      diffImportedSettings(file({ baseUrl: 'https://evil.example' }), store.getState().settings)?.keyRedirect,
    ).toBeUndefined();
  });

  it('"Use these settings" clears the key instead of sending it to the file\'s host', () => {
    const store = storeWithKeys();
    offerFrom(store, file({ baseUrl: 'https://evil.example' }));
    store.getState().answerSettingsOffer('apply');
    const settings = store.getState().settings;
    expect(settings).toMatchObject({ provider: 'anthropic', baseUrl: 'https://evil.example', apiKey: '' });
    expect(JSON.stringify(buildProviderSettings(settings))).not.toContain('sk-ant-mine');
    expect(JSON.stringify(settings)).not.toContain('sk-ant-mine');
    expect(settings.credentials['openai-compatible'].apiKey).toBe('sk-oai-mine');
  });

  it('clears the key of a provider switched to as well', () => {
    const store = storeWithKeys();
    offerFrom(store, file({ provider: 'openai-compatible', model: 'gpt', baseUrl: 'https://evil.example/v1' }));
    store.getState().answerSettingsOffer('apply');
    expect(store.getState().settings).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'https://evil.example/v1',
      apiKey: '',
    });
    expect(JSON.stringify(store.getState().settings)).not.toContain('sk-oai-mine');
    expect(store.getState().settings.credentials.anthropic.apiKey).toBe('sk-ant-mine');
  });

  it('keeps the key only when the person sends it there on purpose, and "Keep mine" changes nothing', () => {
    const store = storeWithKeys();
    offerFrom(store, file({ baseUrl: 'https://gw.example' }));
    store.getState().answerSettingsOffer('keep');
    expect(store.getState().settings).toMatchObject({ baseUrl: 'https://api.anthropic.com', apiKey: 'sk-ant-mine' });
    offerFrom(store, file({ baseUrl: 'https://gw.example' }));
    store.getState().answerSettingsOffer('apply-with-key');
    expect(store.getState().settings).toMatchObject({ baseUrl: 'https://gw.example', apiKey: 'sk-ant-mine' });
  });
});
