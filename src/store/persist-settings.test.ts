import { describe, expect, it } from 'vitest';
import { apiKeyStorageKey, LEGACY_API_KEY_KEY, loadSettings, saveSettings, SETTINGS_KEY } from './persist-settings';
import { applySettingsPatch } from './apply-settings-patch';

const API_KEY_KEY = apiKeyStorageKey('anthropic');
import { loadServers, saveServers, SERVERS_KEY } from './persist-servers';
import { defaultSettings, MAX_ROUNDS_LIMIT } from './settings';
import { MemoryStorage } from './testing/memory-storage';

describe('settings persistence', () => {
  it('returns the defaults without storage or with nothing stored', () => {
    expect(loadSettings(undefined)).toEqual(defaultSettings);
    expect(loadSettings(new MemoryStorage())).toEqual(defaultSettings);
  });

  it('round-trips the non-secret settings and never writes a key that is not remembered', () => {
    const storage = new MemoryStorage();
    saveSettings(storage, {
      ...defaultSettings,
      provider: 'anthropic',
      apiKey: 'sk-ant-secret',
      maxRounds: 3,
      system: 'Hi',
    });
    expect(storage.getItem(API_KEY_KEY)).toBeNull();
    expect(storage.getItem(SETTINGS_KEY)).not.toContain('sk-ant-secret');
    const loaded = loadSettings(storage);
    expect(loaded).toMatchObject({ provider: 'anthropic', apiKey: '', maxRounds: 3, system: 'Hi' });
  });

  it('keeps the key when remembered and erases it when un-ticked', () => {
    const storage = new MemoryStorage();
    saveSettings(storage, { ...defaultSettings, provider: 'anthropic', apiKey: 'sk-ant-secret', rememberKey: true });
    expect(loadSettings(storage).apiKey).toBe('sk-ant-secret');
    saveSettings(storage, { ...defaultSettings, provider: 'anthropic', apiKey: 'sk-ant-secret', rememberKey: false });
    expect(storage.getItem(API_KEY_KEY)).toBeNull();
    expect(loadSettings(storage).apiKey).toBe('');
  });

  it('remembers the manual provider ("You are the model") across reloads, with no key stored', () => {
    const storage = new MemoryStorage();
    saveSettings(storage, { ...defaultSettings, provider: 'manual' });
    expect(loadSettings(storage).provider).toBe('manual');
    expect(storage.getItem(API_KEY_KEY)).toBeNull();
    saveSettings(storage, { ...defaultSettings, provider: 'openai-compatible' });
    expect(loadSettings(storage).provider).toBe('openai-compatible');
  });

  it('survives corrupt JSON and bad field values', () => {
    const storage = new MemoryStorage();
    storage.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings(storage)).toEqual(defaultSettings);
    storage.setItem(SETTINGS_KEY, JSON.stringify({ provider: 'evil', maxRounds: 100_000, baseUrl: 42, model: 'm' }));
    expect(loadSettings(storage)).toMatchObject({
      provider: 'demo',
      maxRounds: 10,
      baseUrl: defaultSettings.baseUrl,
      model: 'm',
    });
  });

  it('keeps a round limit of a long agent run (1,000 rounds and more, up to the limit)', () => {
    const storage = new MemoryStorage();
    for (const maxRounds of [1000, MAX_ROUNDS_LIMIT]) {
      storage.setItem(SETTINGS_KEY, JSON.stringify({ maxRounds }));
      expect(loadSettings(storage).maxRounds).toBe(maxRounds);
    }
  });

  it('keeps a key and a base URL per provider, each remembered on its own', () => {
    const storage = new MemoryStorage();
    let settings = applySettingsPatch(defaultSettings, {
      provider: 'anthropic',
      apiKey: 'sk-ant-1',
      rememberKey: true,
    });
    settings = applySettingsPatch(settings, { provider: 'openai-compatible' });
    expect(settings).toMatchObject({ apiKey: '', rememberKey: false, baseUrl: 'https://api.openai.com/v1' });
    settings = applySettingsPatch(settings, { apiKey: 'sk-oai', baseUrl: 'http://localhost:11434/v1' });
    saveSettings(storage, settings);
    expect(storage.getItem(apiKeyStorageKey('anthropic'))).toBe('sk-ant-1');
    expect(storage.getItem(apiKeyStorageKey('openai-compatible'))).toBeNull();
    const loaded = loadSettings(storage);
    expect(loaded).toMatchObject({ provider: 'openai-compatible', apiKey: '', baseUrl: 'http://localhost:11434/v1' });
    expect(applySettingsPatch(loaded, { provider: 'anthropic' })).toMatchObject({
      apiKey: 'sk-ant-1',
      rememberKey: true,
      baseUrl: 'https://api.anthropic.com',
    });
  });

  it('migrates the single key of older versions to the provider it was typed for, then erases it', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      SETTINGS_KEY,
      JSON.stringify({ provider: 'openai-compatible', rememberKey: true, baseUrl: 'http://gw/v1' }),
    );
    storage.setItem(LEGACY_API_KEY_KEY, 'sk-ant-old');
    const loaded = loadSettings(storage);
    expect(loaded.credentials.anthropic).toMatchObject({ apiKey: 'sk-ant-old', rememberKey: true });
    expect(loaded.credentials['openai-compatible']).toMatchObject({ apiKey: '', baseUrl: 'http://gw/v1' });
    expect(loaded.apiKey).toBe('');
    saveSettings(storage, loaded);
    expect(storage.getItem(LEGACY_API_KEY_KEY)).toBeNull();
    expect(storage.getItem(apiKeyStorageKey('anthropic'))).toBe('sk-ant-old');
    const other = new MemoryStorage();
    other.setItem(SETTINGS_KEY, JSON.stringify({ provider: 'openai-compatible', rememberKey: true }));
    other.setItem(LEGACY_API_KEY_KEY, 'sk-proj-1');
    expect(loadSettings(other).apiKey).toBe('sk-proj-1');
  });

  it('writes a base URL with its secrets redacted unless the key is remembered', () => {
    const storage = new MemoryStorage();
    const url = 'https://u:p@gw.example/v1?key=SECRET';
    const settings = applySettingsPatch(defaultSettings, { provider: 'openai-compatible', baseUrl: url });
    saveSettings(storage, settings);
    expect(storage.getItem(SETTINGS_KEY)).not.toMatch(/SECRET|u:p/);
    expect(loadSettings(storage).baseUrl).toBe('https://REDACTED@gw.example/v1?key=REDACTED');
    saveSettings(storage, applySettingsPatch(settings, { rememberKey: true }));
    expect(loadSettings(storage).baseUrl).toBe(url);
    // A record that holds only the redacted URL does not overwrite the full one in memory.
    expect(applySettingsPatch(settings, { baseUrl: 'https://REDACTED@gw.example/v1?key=REDACTED' }).baseUrl).toBe(url);
  });

  it('remembers whether OpenTelemetry exports carry content, off by default and for anything but true', () => {
    const storage = new MemoryStorage();
    const off = { includeContent: false, endpoint: '', traceContext: true, headers: {} };
    expect(loadSettings(storage).telemetry).toEqual(off);
    saveSettings(storage, { ...defaultSettings, telemetry: { ...off, includeContent: true } });
    expect(loadSettings(storage).telemetry).toEqual({ ...off, includeContent: true });
    storage.setItem(SETTINGS_KEY, JSON.stringify({ telemetry: { includeContent: 'yes', endpoint: 4318 } }));
    expect(loadSettings(storage).telemetry).toEqual(off);
  });

  it('remembers the OTLP endpoint but never its headers (they hold a collector key)', () => {
    const storage = new MemoryStorage();
    const telemetry = {
      includeContent: false,
      endpoint: 'https://otel.example',
      traceContext: false,
      headers: { 'x-api-key': 'k-123456' },
    };
    saveSettings(storage, { ...defaultSettings, telemetry });
    expect(storage.getItem(SETTINGS_KEY)).not.toContain('k-123456');
    expect(loadSettings(storage).telemetry).toEqual({ ...telemetry, headers: {} });
  });

  it('does not throw when storage refuses writes', () => {
    const storage = new MemoryStorage();
    storage.failWrites = true;
    expect(() => saveSettings(storage, defaultSettings)).not.toThrow();
  });
});

describe('server list persistence', () => {
  it('is undefined on a first visit and when corrupt', () => {
    const storage = new MemoryStorage();
    expect(loadServers(storage)).toBeUndefined();
    storage.setItem(SERVERS_KEY, '{"a":1}');
    expect(loadServers(storage)).toBeUndefined();
  });

  it('stores names and URLs but never headers', () => {
    const storage = new MemoryStorage();
    saveServers(storage, [
      {
        id: 'x',
        name: 'gh',
        url: 'https://gh.example/mcp',
        headers: { Authorization: 'Bearer secret' },
        includeInstructions: false,
      },
    ]);
    expect(storage.getItem(SERVERS_KEY)).not.toContain('secret');
    expect(loadServers(storage)).toEqual([{ name: 'gh', url: 'https://gh.example/mcp', includeInstructions: false }]);
  });
});
