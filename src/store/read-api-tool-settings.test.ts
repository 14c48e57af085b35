import { describe, expect, it } from 'vitest';
import { defaultApiToolSettings, type ApiToolSettings } from '../shared/api-tool-settings';
import { loadSettings, saveSettings } from './persist-settings';
import { readApiToolSettings } from '../shared/read-api-tool-settings';
import { defaultSettings } from './settings';

describe('readApiToolSettings', () => {
  it('round-trips the Server tools settings through storage', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    } as Storage;
    const apiTools: ApiToolSettings = {
      webSearch: {
        enabled: true,
        maxUses: 4,
        allowedDomains: ['example.com'],
        blockedDomains: [],
        location: { city: 'Paris', country: 'FR' },
      },
      webFetch: { enabled: true, allowedDomains: [], blockedDomains: ['evil.test'] },
      codeExecution: { enabled: true },
      memory: { enabled: true, name: 'team' },
      toolSearch: { enabled: true, variant: 'regex', defer: 'all' },
      contextManagement: {
        clearToolUses: { enabled: true, triggerInputTokens: 30_000, keepToolUses: 3, clearToolInputs: true },
        clearThinking: { enabled: true, keepTurns: 2 },
        compact: { enabled: false },
      },
    };
    saveSettings(fake, { ...defaultSettings, apiTools });
    expect(loadSettings(fake).apiTools).toEqual(apiTools);
  });

  it('turns every bad field off or drops it on its own', () => {
    expect(readApiToolSettings('on')).toEqual(defaultApiToolSettings);
    const read = readApiToolSettings({
      webSearch: { enabled: 'yes', maxUses: 2.5, allowedDomains: [1, 'x'.repeat(300), 'ok.test'], location: 5 },
      webFetch: { enabled: true, maxUses: -1, blockedDomains: 'evil.test' },
      codeExecution: true,
      toolSearch: { enabled: true, variant: 'glob', defer: 'some' },
      memory: { enabled: true, name: 'x'.repeat(101) },
      contextManagement: { clearToolUses: { enabled: true, keepToolUses: -1, triggerInputTokens: 1.5 }, compact: 'on' },
    });
    expect(read).toEqual({
      webSearch: { enabled: false, allowedDomains: ['ok.test'], blockedDomains: [] },
      webFetch: { enabled: true, allowedDomains: [], blockedDomains: [] },
      codeExecution: { enabled: false },
      memory: { enabled: true },
      toolSearch: { enabled: true, variant: 'bm25', defer: 'unpinned' },
      contextManagement: {
        clearToolUses: { enabled: true, clearToolInputs: false },
        clearThinking: { enabled: false },
        compact: { enabled: false },
      },
    });
  });
});
