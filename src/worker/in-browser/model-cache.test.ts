import { describe, expect, it } from 'vitest';
import { createModelCache, MODEL_CACHE_NAME } from './model-cache';
import { createMemoryCacheStorage } from './testing/memory-cache-storage';

const bytes = (count: number) => new Blob([new Uint8Array(count).fill(7)]);

describe('the model cache', () => {
  it('keeps a file, lists it with its size and time, gives it back whole, and deletes it', async () => {
    let now = 1000;
    const cache = createModelCache(createMemoryCacheStorage(), () => now);
    const { entry, file } = await cache.put({ name: 'qwen2.5-0.5b.gguf', origin: 'file', sizeBytes: 300 }, bytes(300));
    expect(entry).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
      name: 'qwen2.5-0.5b.gguf',
      origin: 'file',
      sizeBytes: 300,
      storedAt: 1000,
    });
    expect(file.size).toBe(300);
    now = 2000;
    await cache.put({ name: 'ünïcode "name".gguf', origin: 'https://example.com/m.gguf', sizeBytes: 10 }, bytes(10));
    const listed = await cache.list();
    expect(listed.map((item) => item.name)).toEqual(['ünïcode "name".gguf', 'qwen2.5-0.5b.gguf']);
    const got = await cache.get(entry.key);
    expect(new Uint8Array(await got!.file.arrayBuffer())).toEqual(new Uint8Array(300).fill(7));
    expect(await cache.delete(entry.key)).toBe(true);
    expect(await cache.get(entry.key)).toBeUndefined();
    expect((await cache.list()).map((item) => item.name)).toEqual(['ünïcode "name".gguf']);
  });

  it('keeps the same file twice as one entry', async () => {
    const cache = createModelCache(createMemoryCacheStorage(), () => 1);
    const facts = { name: 'a.gguf', origin: 'file', sizeBytes: 4 };
    const first = await cache.put(facts, bytes(4));
    const second = await cache.put(facts, bytes(4));
    expect(second.entry.key).toBe(first.entry.key);
    expect(await cache.list()).toHaveLength(1);
  });

  it('keeps a download streamed in, and refuses one whose length is not what was announced', async () => {
    const cache = createModelCache(createMemoryCacheStorage(), () => 1);
    const kept = await cache.put({ name: 's.gguf', origin: 'https://h/s.gguf', sizeBytes: 6 }, bytes(6).stream());
    expect(kept.file.size).toBe(6);
    await expect(
      cache.put({ name: 'short.gguf', origin: 'https://h/short.gguf', sizeBytes: 100 }, bytes(6).stream()),
    ).rejects.toThrow('the kept file has 6 bytes, not 100');
    expect((await cache.list()).map((item) => item.name)).toEqual(['s.gguf']);
  });

  it('drops entries whose facts do not read back, and never looks up keys that are not its own', async () => {
    const storage = createMemoryCacheStorage();
    const cache = createModelCache(storage, () => 1);
    const planted = storage.entries(MODEL_CACHE_NAME);
    planted.set('https://loupe-models.invalid/0123456789abcdef0123456789abcdef', {
      headers: new Headers({ 'x-loupe-name': '%E0%A4%A', 'x-loupe-origin': 'file', 'x-loupe-size': '1' }),
      body: bytes(1),
    });
    planted.set('https://loupe-models.invalid/ffffffffffffffffffffffffffffffff', {
      headers: new Headers({
        'x-loupe-name': 'n',
        'x-loupe-origin': 'file',
        'x-loupe-size': '-5',
        'x-loupe-stored-at': '1',
      }),
      body: bytes(1),
    });
    planted.set('https://elsewhere.example/x', { headers: new Headers(), body: bytes(1) });
    expect(await cache.list()).toEqual([]);
    expect(planted.size).toBe(0);
    for (const key of ['../x', 'https://elsewhere.example/x', '', 'F'.repeat(32)])
      expect(await cache.get(key)).toBeUndefined();
    expect(await cache.delete('../../')).toBe(false);
  });
});
