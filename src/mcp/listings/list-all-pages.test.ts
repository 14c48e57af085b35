import { describe, expect, it } from 'vitest';
import { listAllPages } from './list-all-pages';

const caps = { maxPages: 5, maxItems: 30, maxTotalMs: 1_000 };

describe('listAllPages', () => {
  it('reads every page when the server ends the listing', async () => {
    const pages: Record<string, { items: number[]; nextCursor?: string }> = {
      start: { items: [1, 2], nextCursor: 'b' },
      b: { items: [3] },
    };
    const listing = await listAllPages(
      'tools',
      (cursor) => Promise.resolve(pages[cursor ?? 'start'] ?? { items: [] }),
      caps,
    );
    expect(listing).toEqual({ items: [1, 2, 3], hints: { ttlMs: 0, cacheScope: 'private' } });
  });

  it('combines the pages’ 2026 cache hints: the shortest ttlMs, private when any page is', async () => {
    const pages: Record<string, { items: number[]; nextCursor?: string; ttlMs?: unknown; cacheScope?: unknown }> = {
      start: { items: [1], nextCursor: 'b', ttlMs: 60_000, cacheScope: 'public' },
      b: { items: [2], nextCursor: 'c', ttlMs: 5_000, cacheScope: 'public' },
      c: { items: [3], ttlMs: 30_000, cacheScope: 'public' },
    };
    const read = (from: typeof pages) =>
      listAllPages('tools', (cursor) => Promise.resolve(from[cursor ?? 'start'] ?? { items: [] }), caps);
    expect((await read(pages)).hints).toEqual({ ttlMs: 5_000, cacheScope: 'public' });
    expect((await read({ ...pages, c: { items: [3], ttlMs: 30_000 } })).hints).toEqual({
      ttlMs: 5_000,
      cacheScope: 'private',
    });
    // A hostile page: a ttlMs that is no number, negative or endless means nothing is kept for long.
    expect((await read({ start: { items: [1], ttlMs: '99999' } })).hints?.ttlMs).toBe(0);
    expect((await read({ start: { items: [1], ttlMs: -5 } })).hints?.ttlMs).toBe(0);
    expect((await read({ start: { items: [1], ttlMs: Number.POSITIVE_INFINITY } })).hints?.ttlMs).toBe(0);
    expect((await read({ start: { items: [1], ttlMs: 1e15, cacheScope: 'PUBLIC' } })).hints).toEqual({
      ttlMs: 86_400_000,
      cacheScope: 'private',
    });
  });

  it('stops an endless cursor at the page cap, saying so', async () => {
    let asked = 0;
    const listing = await listAllPages(
      'tools',
      () => Promise.resolve({ items: [asked], nextCursor: String((asked += 1)) }),
      caps,
    );
    expect(asked).toBe(5);
    expect(listing.notice).toBe('The server kept paging: listing stopped after 5 pages (5 tools).');
  });

  it('keeps at most maxItems, stops on a repeated cursor and on the total time', async () => {
    const flood = await listAllPages(
      'tools',
      () => Promise.resolve({ items: Array.from({ length: 100 }, (_, i) => i) }),
      caps,
    );
    expect(flood.items).toHaveLength(30);
    expect(flood.notice).toContain('more than 30 tools');
    const loop = await listAllPages('prompts', () => Promise.resolve({ items: [1], nextCursor: 'same' }), caps);
    expect(loop).toMatchObject({ items: [1, 1], notice: expect.stringContaining('same page cursor twice') as string });
    let clock = 0;
    const slow = await listAllPages(
      'tools',
      (cursor) => {
        clock += 600;
        return Promise.resolve({ items: [1], nextCursor: `${cursor ?? ''}x` });
      },
      caps,
      () => clock,
    );
    expect(slow.notice).toContain('took longer than 1 s');
  });
});
