import { describe, expect, it } from 'vitest';
import { loadDebugSettings, saveDebugSettings } from './persist-debug-settings';
import { MemoryStorage } from '../testing/memory-storage';

describe('debug settings persistence', () => {
  it('remembers "always" and "deny" answers but never the ones meant for this session', () => {
    const storage = new MemoryStorage();
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
