import { describe, expect, it } from 'vitest';
import { API_KEY_KEY, loadSettings, saveSettings, SETTINGS_KEY } from './persist-settings';
import { loadServers, saveServers, SERVERS_KEY } from './persist-servers';
import { defaultSettings } from './settings';
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
    saveSettings(storage, { ...defaultSettings, apiKey: 'sk-ant-secret', rememberKey: true });
    expect(loadSettings(storage).apiKey).toBe('sk-ant-secret');
    saveSettings(storage, { ...defaultSettings, apiKey: 'sk-ant-secret', rememberKey: false });
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
    storage.setItem(SETTINGS_KEY, JSON.stringify({ provider: 'evil', maxRounds: 1000, baseUrl: 42, model: 'm' }));
    expect(loadSettings(storage)).toMatchObject({
      provider: 'demo',
      maxRounds: 10,
      baseUrl: defaultSettings.baseUrl,
      model: 'm',
    });
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
