import { describe, expect, it } from 'vitest';
import { routeCommand, type CommandTable } from '../command-table';
import { createLazyInBrowserHost } from './lazy-in-browser-host';
import { createMemoryCacheStorage } from './testing/memory-cache-storage';

describe('the lazy in-browser host', () => {
  it('has no model before its first command, and answers commands through the real host once imported', async () => {
    const host = createLazyInBrowserHost({
      post: () => undefined,
      loadEngine: () => Promise.reject(new Error('not in this test')),
      cacheStorage: createMemoryCacheStorage(),
      now: () => 1,
      fetch: () => Promise.reject(new Error('no network')),
      pageSpace: 'local',
      threads: { crossOriginIsolated: true, hasSharedArrayBuffer: true, hardwareConcurrency: 4 },
    });
    const model = host.createModel({ kind: 'in-browser', model: 'm.gguf', constrainToolCalls: true });
    const stream = model.doStream({ messages: [], tools: [], maxTokens: 1 }, new AbortController().signal);
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toThrow('No in-browser model is loaded (m.gguf)');
    const table = host.commands as unknown as CommandTable;
    expect(await routeCommand(table, { type: 'in-browser-cache-list' })).toEqual({ entries: [] });
    await expect(
      routeCommand(table, { type: 'in-browser-load', source: { kind: 'file', file: new Blob([]), name: 'e.gguf' } }),
    ).rejects.toThrow('e.gguf is empty');
  });
});
