// A reload in miniature: a second memory over the same store (a new worker) reconnects without the probe.
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { startFeaturesServer } from '../../../test/servers/features-server';
import { startModernServer } from '../../../test/servers/modern-server';
import { createIndexedDbEraStore } from '../../worker/indexed-db-era-store';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { eraMemoryKey, type McpEraChoice } from './mcp-era';
import { createPersistentEraMemory, hashEraKey, type EraStore } from './persistent-era-memory';
import type { TrafficEntry } from '../../shared/traffic-entry';

describe('era memory across a reload', () => {
  let modern: McpHttpHandle;
  let legacy: McpHttpHandle;
  beforeAll(async () => {
    [modern, legacy] = await Promise.all([startModernServer(), startFeaturesServer()]);
  });
  afterAll(async () => {
    await Promise.all([modern.close(), legacy.close()]);
  });

  const config = (url: string, headers: Record<string, string> = {}, era: McpEraChoice = 'auto') => ({
    id: 's',
    name: 's',
    url,
    headers,
    era,
  });

  async function connectRecording(store: EraStore, url: string, headers: Record<string, string> = {}) {
    const traffic: TrafficEntry[] = [];
    const connection = await connectMcpServer(config(url, headers), {
      eraMemory: createPersistentEraMemory(store),
      handlers: { onTraffic: (entry) => traffic.push(entry) },
    });
    await connection.close();
    return { connection, methods: traffic.filter((entry) => entry.direction === 'sent').map((entry) => entry.method) };
  }

  it('reconnects a modern and a legacy server without the probe, keyed by a hash that holds no header value', async () => {
    const factory = new IDBFactory();
    const store = createIndexedDbEraStore(factory);
    const headers = { Authorization: 'Bearer s3cret-token' };
    const first = await connectRecording(store, modern.url, headers);
    expect(first.methods[0]).toBe('server/discover');
    const firstLegacy = await connectRecording(store, legacy.url);
    expect(firstLegacy.methods.slice(0, 2)).toEqual(['server/discover', 'initialize']);

    // "Reload": a new worker, a new memory, the same IndexedDB.
    const reloaded = createIndexedDbEraStore(factory);
    const again = await connectRecording(reloaded, modern.url, headers);
    expect(again.connection.era).toBe('modern');
    expect(again.methods).not.toContain('server/discover');
    expect(again.methods).toContain('tools/list');
    const againLegacy = await connectRecording(reloaded, legacy.url);
    expect(againLegacy.connection.era).toBe('legacy');
    expect(againLegacy.methods[0]).toBe('initialize');

    // Other headers are another authorization context: probed afresh.
    const otherToken = await connectRecording(reloaded, modern.url, { Authorization: 'Bearer other' });
    expect(otherToken.methods[0]).toBe('server/discover');

    // What is on the device: hashes for keys, no header value, no URL.
    const dump = await new Promise<unknown[]>((resolve) => {
      const open = factory.open('loupe-mcp-eras');
      open.onsuccess = () => {
        const all = open.result.transaction('eras').objectStore('eras').getAll();
        const keys = open.result.transaction('eras').objectStore('eras').getAllKeys();
        keys.onsuccess = () => all.result && resolve([keys.result, all.result]);
      };
    });
    const text = JSON.stringify(dump);
    expect(text).not.toContain('s3cret-token');
    expect(text).not.toContain('127.0.0.1');
    expect(dump[0]).toContain(await hashEraKey(eraMemoryKey(modern.url, headers, 'auto')));
  });

  it('falls back cleanly when the remembered era is stale (the server changed era) and forgets it', async () => {
    const factory = new IDBFactory();
    const store = createIndexedDbEraStore(factory);
    // The modern server's answer remembered under the legacy server's address: as if it had been downgraded.
    const discovered = await connectRecording(store, modern.url);
    expect(discovered.connection.era).toBe('modern');
    const id = await hashEraKey(eraMemoryKey(legacy.url, {}, 'auto'));
    await store.set(id, (await store.get(await hashEraKey(eraMemoryKey(modern.url, {}, 'auto')))) as never);

    const stale = await connectRecording(createIndexedDbEraStore(factory), legacy.url);
    expect(stale.connection.era).toBe('legacy');
    expect(stale.methods).toContain('initialize');
    // remember() writes without being awaited (a connection never waits on storage): wait for that write to land.
    await expect.poll(() => store.get(id)).toMatchObject({ era: { kind: 'legacy' } });
  });

  it('ignores what it cannot read, what is too old, and a store that fails', async () => {
    const broken: EraStore = {
      get: () => Promise.reject(new Error('private mode')),
      set: () => Promise.reject(new Error('quota')),
      delete: () => Promise.reject(new Error('gone')),
    };
    const memory = createPersistentEraMemory(broken);
    expect(await memory.recall('k')).toBeUndefined();
    memory.remember('k', { kind: 'legacy' });
    expect(await memory.recall('k')).toEqual({ kind: 'legacy' });

    const values = new Map<string, unknown>();
    const plain: EraStore = {
      get: (key) => Promise.resolve(values.get(key)),
      set: (key, value) => Promise.resolve(void values.set(key, value)),
      delete: (key) => Promise.resolve(void values.delete(key)),
    };
    const at = (now: number) => createPersistentEraMemory(plain, { now: () => now, maxAgeMs: 1_000 });
    values.set(await hashEraKey('garbage'), { era: { kind: 'modern', discover: { capabilities: 'x' } }, savedAt: 0 });
    expect(await at(0).recall('garbage')).toBeUndefined();
    const writer = at(0);
    writer.remember('old', { kind: 'legacy' });
    await expect.poll(() => values.size).toBe(2);
    expect(await at(1_000).recall('old')).toEqual({ kind: 'legacy' });
    expect(await at(1_001).recall('old')).toBeUndefined();
    expect(await at(-1).recall('old')).toBeUndefined();
  });
});
