import { describe, expect, it } from 'vitest';
import type { ModelStreamPart } from '../../engine/model/model';
import type { WorkerMessage } from '../../protocol/messages';
import type { InBrowserCommand, InBrowserCommandResults } from '../../protocol/in-browser-messages';
import { routeCommand, type CommandTable } from '../command-table';
import { createScriptedGgufEngine } from '../../providers/gguf/testing/scripted-gguf-engine';
import { writeTinyGguf, TINY_CHAT_TEMPLATE } from '../../providers/gguf/testing/write-tiny-gguf';
import { createInBrowserHost, type InBrowserHostDependencies, type LoadGgufEngine } from './in-browser-host';
import { createMemoryCacheStorage } from './testing/memory-cache-storage';

const tiny = () => new Blob([writeTinyGguf({ contextLength: 2048 }).slice()]);

function setup(overrides: Partial<InBrowserHostDependencies> = {}, storage = createMemoryCacheStorage()) {
  const posted: WorkerMessage[] = [];
  const loads: { name: string; threads: number; contextLength: number; size: number }[] = [];
  const loadEngine: LoadGgufEngine = (file, name, options) => {
    loads.push({ name, size: file.size, ...options });
    const engine = createScriptedGgufEngine([['{"name": "demo__weather_get", "arguments": {"city": "Oslo"}}']], {
      chatTemplate: TINY_CHAT_TEMPLATE,
    });
    return Promise.resolve({ engine, contextLength: 2048, unload: () => Promise.resolve() });
  };
  const host = createInBrowserHost({
    post: (message) => posted.push(message),
    loadEngine,
    cacheStorage: storage,
    now: () => 5,
    estimate: () => Promise.resolve({ usage: 1000, quota: 10_000_000 }),
    fetch: () => Promise.reject(new Error('no network in this test')),
    pageSpace: 'local',
    threads: { crossOriginIsolated: false, hasSharedArrayBuffer: false, hardwareConcurrency: 8 },
    ...overrides,
  });
  const send = <C extends InBrowserCommand>(command: C) =>
    routeCommand(host.commands as unknown as CommandTable, command) as Promise<InBrowserCommandResults[C['type']]>;
  return { host, posted, loads, send, storage };
}

async function collect(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('the in-browser host', () => {
  it('loads a picked file: keeps it, says its facts, and runs the provider with it', async () => {
    const { host, posted, loads, send } = setup();
    const info = await send({ type: 'in-browser-load', source: { kind: 'file', file: tiny(), name: 'tiny.gguf' } });
    expect(info).toMatchObject({
      name: 'tiny.gguf',
      contextLength: 2048,
      trainedContextLength: 2048,
      chatFormat: 'chatml',
      architecture: 'llama',
      threads: 1,
      threadsNote: expect.stringContaining('not cross-origin isolated') as string,
      cacheKey: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
    });
    expect(loads).toEqual([{ name: 'tiny.gguf', size: tiny().size, threads: 1, contextLength: 2048 }]);
    expect(
      posted
        .filter((message) => message.type === 'in-browser-progress')
        .map((message) => 'phase' in message && message.phase),
    ).toEqual(['store', 'store', 'load', 'load']);

    const model = host.createModel({ kind: 'in-browser', model: 'tiny.gguf', constrainToolCalls: true });
    const parts = await collect(
      model.doStream(
        {
          messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
          tools: [
            {
              name: 'demo__weather_get',
              description: 'Weather.',
              input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
            },
          ],
          maxTokens: 100,
        },
        new AbortController().signal,
      ),
    );
    expect(parts).toContainEqual(expect.objectContaining({ type: 'tool-use-start', name: 'demo__weather_get' }));
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
  });

  it('finds the kept model again in a new engine (a reload) and loads it without the file', async () => {
    const first = setup();
    const info = await first.send({
      type: 'in-browser-load',
      source: { kind: 'file', file: tiny(), name: 'tiny.gguf' },
    });
    const again = setup({}, first.storage);
    const list = await again.send({ type: 'in-browser-cache-list' });
    expect(list).toMatchObject({
      entries: [{ name: 'tiny.gguf', sizeBytes: tiny().size }],
      usageBytes: 1000,
      quotaBytes: 10_000_000,
    });
    const reloaded = await again.send({ type: 'in-browser-load', source: { kind: 'cached', key: info.cacheKey! } });
    expect(reloaded).toMatchObject({ name: 'tiny.gguf', cacheKey: info.cacheKey });
    const after = await again.send({ type: 'in-browser-cache-delete', key: info.cacheKey! });
    expect(after.entries).toEqual([]);
    await expect(
      again.send({ type: 'in-browser-load', source: { kind: 'cached', key: info.cacheKey! } }),
    ).rejects.toThrow('no longer kept');
  });

  it('unloads: a run then asks for a load, as before any load, and the kept copy stays', async () => {
    let unloads = 0;
    const { host, send } = setup({
      loadEngine: () =>
        Promise.resolve({
          engine: createScriptedGgufEngine([['hi']], { chatTemplate: TINY_CHAT_TEMPLATE }),
          contextLength: 2048,
          unload: () => Promise.resolve(void unloads++),
        }),
    });
    await send({ type: 'in-browser-load', source: { kind: 'file', file: tiny(), name: 'tiny.gguf' } });
    expect(await send({ type: 'in-browser-unload' })).toBeNull();
    expect(unloads).toBe(1);
    const model = host.createModel({ kind: 'in-browser', model: 'tiny.gguf', constrainToolCalls: true });
    const request = {
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }],
      tools: [],
      maxTokens: 5,
    };
    await expect(collect(model.doStream(request, new AbortController().signal))).rejects.toThrow(
      'No in-browser model is loaded (tiny.gguf)',
    );
    expect((await send({ type: 'in-browser-cache-list' })).entries).toMatchObject([{ name: 'tiny.gguf' }]);
  });

  it('refuses hostile files before llama.cpp sees them', async () => {
    const { send, loads } = setup();
    await expect(
      send({ type: 'in-browser-load', source: { kind: 'file', file: new Blob([]), name: 'empty.gguf' } }),
    ).rejects.toThrow('empty.gguf is empty (0 bytes)');
    await expect(
      send({
        type: 'in-browser-load',
        source: { kind: 'file', file: new Blob(['PK\u0003\u0004zip']), name: 'x.gguf' },
      }),
    ).rejects.toThrow('not a GGUF model');
    expect(loads).toEqual([]);
  });

  it('refuses a URL to a private address from a public page, and one llama.cpp cannot hold says so', async () => {
    const { send } = setup({ pageSpace: 'public' });
    await expect(
      send({ type: 'in-browser-load', source: { kind: 'url', url: 'https://192.168.1.9/m.gguf' } }),
    ).rejects.toThrow(/may not fetch a model from your local network/);
    const tooBig = setup({ loadEngine: () => Promise.reject(new Error('Aborted(OOM)')) });
    await expect(
      tooBig.send({ type: 'in-browser-load', source: { kind: 'file', file: tiny(), name: 'big.gguf' } }),
    ).rejects.toThrow(/big.gguf \(.*\) is too big for this browser's memory/);
  });

  it('downloads a URL into the cache, and drops the download when it is not a GGUF', async () => {
    const gguf = writeTinyGguf().slice();
    const good = setup({
      fetch: () => Promise.resolve(new Response(gguf, { headers: { 'content-length': String(gguf.length) } })),
    });
    const info = await good.send({
      type: 'in-browser-load',
      source: { kind: 'url', url: 'http://127.0.0.1:9/models/tiny%20q4.gguf?x=1' },
    });
    expect(info).toMatchObject({ name: 'tiny q4.gguf', sizeBytes: gguf.length });
    expect(good.posted.some((message) => message.type === 'in-browser-progress' && message.phase === 'download')).toBe(
      true,
    );
    const bad = setup({
      fetch: () => Promise.resolve(new Response('<html>', { headers: { 'content-length': '6' } })),
    });
    await expect(
      bad.send({ type: 'in-browser-load', source: { kind: 'url', url: 'http://localhost/m.gguf' } }),
    ).rejects.toThrow('not a GGUF');
    expect((await bad.send({ type: 'in-browser-cache-list' })).entries).toEqual([]);
  });

  it('answers a run with no model loaded, or another one, by saying what to do', async () => {
    const { host, send } = setup();
    const request = { messages: [], tools: [], maxTokens: 10 };
    const none = host.createModel({ kind: 'in-browser', model: 'm.gguf', constrainToolCalls: false });
    await expect(collect(none.doStream(request, new AbortController().signal))).rejects.toThrow(
      /No in-browser model is loaded/,
    );
    await send({ type: 'in-browser-load', source: { kind: 'file', file: tiny(), name: 'tiny.gguf' } });
    const other = host.createModel({ kind: 'in-browser', model: 'm.gguf', constrainToolCalls: false });
    await expect(collect(other.doStream(request, new AbortController().signal))).rejects.toThrow(
      'm.gguf is not the loaded in-browser model (tiny.gguf is)',
    );
  });
});
