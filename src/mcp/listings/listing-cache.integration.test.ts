import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernServer } from '../../../test/servers/modern-server';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { createListingCache } from './listing-cache';
import type { TrafficEntry } from '../../shared/traffic-entry';

describe('listings kept for their 2026-07-28 ttlMs', () => {
  let server: McpHttpHandle;
  let plain: McpHttpHandle;
  let browsable: McpHttpHandle;
  beforeAll(async () => {
    [server, plain, browsable] = await Promise.all([
      startModernServer({ cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } } }),
      startModernServer(),
      startModernServer({
        cacheHints: {
          'resources/list': { ttlMs: 300_000, cacheScope: 'public' },
          'resources/templates/list': { ttlMs: 120_000, cacheScope: 'private' },
          'prompts/list': { ttlMs: 60_000, cacheScope: 'public' },
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), plain.close(), browsable.close()]);
  });

  const listsOf = (traffic: TrafficEntry[]) =>
    traffic.filter((entry) => entry.direction === 'sent' && entry.method === 'tools/list').length;

  it('reuses tools/list within ttlMs, across credentials when public, and asks again once it expired', async () => {
    let clock = 0;
    const listingCache = createListingCache(200, () => clock);
    const traffic: TrafficEntry[] = [];
    const connect = (headers: Record<string, string>) =>
      connectMcpServer(
        { id: 's', name: 's', url: server.url, headers },
        { listingCache, handlers: { onTraffic: (entry) => traffic.push(entry) } },
      );
    const first = await connect({ 'X-User': 'alice' });
    expect(listsOf(traffic)).toBe(1);
    const names = first.listedTools.map((tool) => tool.name);
    expect(names).toContain('echo');
    await first.close();

    clock = 59_999;
    const second = await connect({ 'X-User': 'bob' });
    expect(listsOf(traffic)).toBe(1);
    expect(second.listedTools.map((tool) => tool.name)).toEqual(names);
    // tools/list_changed (what refreshTools answers) always asks the server.
    await second.refreshTools();
    expect(listsOf(traffic)).toBe(2);
    await second.close();

    clock = 59_999 + 60_000;
    const third = await connect({ 'X-User': 'alice' });
    expect(listsOf(traffic)).toBe(3);
    await third.close();
  });

  it('asks every time when the server sends ttlMs 0 (its default)', async () => {
    const listingCache = createListingCache();
    const traffic: TrafficEntry[] = [];
    for (let index = 0; index < 2; index += 1) {
      const connection = await connectMcpServer(
        { id: 'p', name: 'p', url: plain.url, headers: {} },
        { listingCache, handlers: { onTraffic: (entry) => traffic.push(entry) } },
      );
      await connection.close();
    }
    expect(listsOf(traffic)).toBe(2);
    const answer = traffic.find((entry) => entry.direction === 'received' && entry.method === 'tools/list');
    expect((answer?.message as { result?: { ttlMs?: number } }).result?.ttlMs).toBe(0);
  });

  const sent = (traffic: TrafficEntry[], method: string) =>
    traffic.filter((entry) => entry.direction === 'sent' && entry.method === method).length;

  it('keeps resource templates like resources (ttlMs, scope), and Refresh or a reconnect asks again', async () => {
    let clock = 1_000;
    const listingCache = createListingCache(200, () => clock);
    const traffic: TrafficEntry[] = [];
    const connect = (headers: Record<string, string>) =>
      connectMcpServer(
        { id: 'b', name: 'b', url: browsable.url, headers },
        { listingCache, handlers: { onTraffic: (entry) => traffic.push(entry) } },
      );
    const alice = await connect({ 'X-User': 'alice' });
    try {
      const first = await alice.browse.listResources();
      expect(first.templates.map((template) => template.uriTemplate)).toEqual(['note://modern/city/{city}']);
      expect(first.freshness).toEqual({
        resources: { fromCache: false, freshUntil: 301_000 },
        templates: { fromCache: false, freshUntil: 121_000 },
      });
      clock = 100_000;
      const again = await alice.browse.listResources();
      expect(again.templates).toEqual(first.templates);
      expect(again.freshness).toEqual({
        resources: { fromCache: true, freshUntil: 301_000 },
        templates: { fromCache: true, freshUntil: 121_000 },
      });
      expect([sent(traffic, 'resources/list'), sent(traffic, 'resources/templates/list')]).toEqual([1, 1]);

      // Private templates are not shared with other credentials; public resources are.
      const bob = await connect({ 'X-User': 'bob' });
      const bobs = await bob.browse.listResources();
      await bob.close();
      expect(bobs.freshness?.resources.fromCache).toBe(true);
      expect(bobs.freshness?.templates.fromCache).toBe(false);
      expect([sent(traffic, 'resources/list'), sent(traffic, 'resources/templates/list')]).toEqual([1, 2]);

      // The templates' own ttlMs runs out first: only they are asked again.
      clock = 121_000;
      await alice.browse.listResources();
      expect([sent(traffic, 'resources/list'), sent(traffic, 'resources/templates/list')]).toEqual([1, 3]);

      // The person's Refresh asks for both, however fresh they are.
      const refreshed = await alice.browse.listResources({ fresh: true });
      expect(refreshed.freshness?.resources).toEqual({ fromCache: false, freshUntil: 421_000 });
      expect([sent(traffic, 'resources/list'), sent(traffic, 'resources/templates/list')]).toEqual([2, 4]);

      // Prompts: kept, then refreshed on request.
      expect((await alice.browse.listPrompts()).freshness).toEqual({ fromCache: false, freshUntil: 181_000 });
      expect((await alice.browse.listPrompts()).freshness).toEqual({ fromCache: true, freshUntil: 181_000 });
      expect((await alice.browse.listPrompts({ fresh: true })).freshness?.fromCache).toBe(false);
      expect(sent(traffic, 'prompts/list')).toBe(2);
    } finally {
      await alice.close();
    }

    // A reconnect the person asked for lists everything afresh.
    const reconnected = await connectMcpServer(
      { id: 'b', name: 'b', url: browsable.url, headers: { 'X-User': 'alice' } },
      { listingCache, listFresh: true, handlers: { onTraffic: (entry) => traffic.push(entry) } },
    );
    try {
      const listing = await reconnected.browse.listResources();
      expect(listing.freshness?.resources.fromCache).toBe(false);
      expect(listing.freshness?.templates.fromCache).toBe(false);
      expect([sent(traffic, 'resources/list'), sent(traffic, 'resources/templates/list')]).toEqual([3, 5]);
    } finally {
      await reconnected.close();
    }
  });
});
