import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernServer } from '../../test/servers/modern-server';
import type { McpHttpHandle } from '../../server/serve-mcp-http';
import { connectMcpServer } from './connect-mcp-server';
import { createListingCache } from './listing-cache';
import type { TrafficEntry } from './record-transport';

describe('listings kept for their 2026-07-28 ttlMs', () => {
  let server: McpHttpHandle;
  let plain: McpHttpHandle;
  beforeAll(async () => {
    [server, plain] = await Promise.all([
      startModernServer({ cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } } }),
      startModernServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), plain.close()]);
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
});
