import { describe, expect, it } from 'vitest';
import { loadToolSelection, saveToolSelection, TOOLS_KEY } from './persist-tool-selection';
import { MemoryStorage } from './testing/memory-storage';

describe('tool selection persistence', () => {
  it('round-trips overrides, switches and local tools', () => {
    const storage = new MemoryStorage();
    const selection = {
      overrides: { 'mcp:demo/weather_get': { description: 'Edited.' } },
      disabled: ['mcp:demo/clothing_advise'],
      readOnly: { 'mcp:demo/weather_get': false, 'local:l1': true },
      localTools: [
        {
          id: 'l1',
          name: 'mock',
          description: '',
          inputSchema: { type: 'object' },
          handler: { kind: 'text' as const, text: 'x' },
        },
      ],
    };
    saveToolSelection(storage, selection);
    expect(loadToolSelection(storage)).toEqual(selection);
  });

  it('drops what does not parse and survives a corrupt entry', () => {
    const storage = new MemoryStorage();
    expect(loadToolSelection(storage)).toBeUndefined();
    storage.setItem(TOOLS_KEY, '{not json');
    expect(loadToolSelection(storage)).toBeUndefined();
    storage.setItem(
      TOOLS_KEY,
      JSON.stringify({
        overrides: { a: 'x', b: { name: 3, description: 'd' } },
        disabled: [1, 'k'],
        localTools: [{}],
        readOnly: { a: 'yes', b: true },
      }),
    );
    expect(loadToolSelection(storage)).toEqual({
      overrides: { b: { description: 'd' } },
      disabled: ['k'],
      localTools: [],
      readOnly: { b: true },
    });
  });

  it('round-trips tools named after Object.prototype members, and pollutes nothing', () => {
    const storage = new MemoryStorage();
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
    // Keys as Loupe builds them, and bare ones as a hand-edited or older entry could hold.
    const keys = [...names.map((name) => `mcp:demo/${name}`), ...names];
    const stored = JSON.stringify({
      overrides: Object.fromEntries(keys.map((key) => [key, { description: `about ${key}`, timeoutMs: 5 }])),
      disabled: keys,
      readOnly: Object.fromEntries(keys.map((key) => [key, true])),
      localTools: [],
    });
    storage.setItem(TOOLS_KEY, stored);
    const loaded = loadToolSelection(storage);
    expect(Object.getPrototypeOf(loaded?.overrides)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(loaded?.readOnly)).toBe(Object.prototype);
    expect(Object.keys(loaded?.overrides ?? {})).toEqual(keys);
    expect(Object.keys(loaded?.readOnly ?? {})).toEqual(keys);
    for (const key of keys) {
      expect(Object.hasOwn(loaded?.overrides ?? {}, key)).toBe(true);
      expect(loaded?.overrides[key]).toEqual({ description: `about ${key}`, timeoutMs: 5 });
    }
    expect(({} as Record<string, unknown>)['description']).toBeUndefined();
    // And back again: what was loaded saves to the same entry.
    saveToolSelection(storage, loaded ?? { overrides: {}, disabled: [], localTools: [] });
    expect(JSON.parse(storage.getItem(TOOLS_KEY) ?? '')).toEqual(JSON.parse(stored));
  });
});
