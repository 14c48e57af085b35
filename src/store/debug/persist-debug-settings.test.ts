import { describe, expect, it } from 'vitest';
import { loadDebugSettings, saveDebugSettings } from './persist-debug-settings';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('debug settings persistence', () => {
  it('remembers "always" and "deny" answers but never the ones meant for this session', () => {
    const storage = memoryStorage();
    saveDebugSettings(storage, {
      stepMode: true,
      breakpoints: [],
      approval: {
        enabled: true,
        tools: { demo__weather_get: 'auto', demo__clothing_advise: 'deny' },
        session: { local_search: 'auto' },
      },
    });
    expect(storage.getItem('loupe.debug.v1')).not.toContain('local_search');
    expect(loadDebugSettings(storage)).toEqual({
      stepMode: true,
      breakpoints: [],
      approval: { enabled: true, tools: { demo__weather_get: 'auto', demo__clothing_advise: 'deny' } },
    });
  });
});
