import { describe, expect, it } from 'vitest';
import type { CachedListing } from './list-all-pages';
import { createListingCache, listingIdentityOf, listingsChangedWith } from './listing-cache';

const alice = listingIdentityOf('http://127.0.0.1:1/mcp', { Authorization: 'Bearer alice' });
const bob = listingIdentityOf('http://127.0.0.1:1/mcp', { Authorization: 'Bearer bob' });
const elsewhere = listingIdentityOf('http://127.0.0.1:2/mcp', { Authorization: 'Bearer alice' });

function setUp() {
  let clock = 1_000;
  const cache = createListingCache(3, () => clock);
  let loads = 0;
  const load = (items: string[], hints?: CachedListing<string>['hints']) => (): Promise<CachedListing<string>> => {
    loads += 1;
    return Promise.resolve({ items: [...items], ...(hints === undefined ? {} : { hints }) });
  };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('createListingCache', () => {
  it('serves a listing again until its ttlMs runs out, then loads it afresh', async () => {
    const { cache, load, loads, advance } = setUp();
    const hints = { ttlMs: 10_000, cacheScope: 'private' as const };
    expect(await cache.through(alice, 'tools/list', load(['a'], hints))).toEqual({ items: ['a'] });
    advance(9_999);
    expect(await cache.through(alice, 'tools/list', load(['b'], hints))).toEqual({ items: ['a'] });
    expect(loads()).toBe(1);
    advance(1);
    expect(await cache.through(alice, 'tools/list', load(['c'], hints))).toEqual({ items: ['c'] });
    expect(loads()).toBe(2);
  });

  it('keeps nothing for ttlMs 0, absent hints (a 2025-era server) or a listing cut short by a bound', async () => {
    const { cache, load, loads } = setUp();
    await cache.through(alice, 'tools/list', load(['a'], { ttlMs: 0, cacheScope: 'public' }));
    await cache.through(alice, 'tools/list', load(['a']));
    await cache.through(alice, 'prompts/list', () =>
      Promise.resolve({ items: ['p'], notice: 'cut', hints: { ttlMs: 60_000, cacheScope: 'public' as const } }),
    );
    await cache.through(alice, 'tools/list', load(['a']));
    expect(loads()).toBe(3);
    expect(cache.read(alice, 'prompts/list')).toBeUndefined();
  });

  it('shares a public listing with other credentials of the same server, never a private one', async () => {
    const { cache, load } = setUp();
    await cache.through(alice, 'tools/list', load(['public'], { ttlMs: 60_000, cacheScope: 'public' }));
    await cache.through(alice, 'prompts/list', load(['alice only'], { ttlMs: 60_000, cacheScope: 'private' }));
    expect(cache.read(bob, 'tools/list')).toEqual({ items: ['public'] });
    expect(cache.read(bob, 'prompts/list')).toBeUndefined();
    expect(cache.read(alice, 'prompts/list')).toEqual({ items: ['alice only'] });
    // Another server never sees either.
    expect(cache.read(elsewhere, 'tools/list')).toBeUndefined();
  });

  it('drops the other scope’s copy when a server flips the scope, and forgets a list that changed', async () => {
    const { cache, load } = setUp();
    await cache.through(alice, 'tools/list', load(['v1'], { ttlMs: 60_000, cacheScope: 'public' }));
    cache.write(alice, 'tools/list', { items: ['v2'] }, { ttlMs: 60_000, cacheScope: 'private' });
    expect(cache.read(bob, 'tools/list')).toBeUndefined();
    expect(cache.read(alice, 'tools/list')).toEqual({ items: ['v2'] });
    cache.evict(alice, 'tools/list');
    expect(cache.read(alice, 'tools/list')).toBeUndefined();
  });

  it('does not keep a listing whose list changed while it loaded', async () => {
    const { cache } = setUp();
    let finish: (listing: CachedListing<string>) => void = () => {};
    const pending = cache.through(
      alice,
      'tools/list',
      () =>
        new Promise<CachedListing<string>>((resolve) => {
          finish = resolve;
        }),
    );
    cache.evict(alice, 'tools/list');
    finish({ items: ['stale'], hints: { ttlMs: 60_000, cacheScope: 'private' } });
    expect(await pending).toEqual({ items: ['stale'] });
    expect(cache.read(alice, 'tools/list')).toBeUndefined();
  });

  it('hands out copies, and holds at most its entry cap', async () => {
    const { cache, load } = setUp();
    const hints = { ttlMs: 60_000, cacheScope: 'private' as const };
    const first = await cache.through(alice, 'tools/list', load(['a'], hints));
    first.items.push('mutated');
    const again = cache.read<string>(alice, 'tools/list');
    again?.items.push('mutated too');
    expect(cache.read(alice, 'tools/list')).toEqual({ items: ['a'] });
    await cache.through(alice, 'prompts/list', load(['p'], hints));
    await cache.through(alice, 'resources/list', load(['r'], hints));
    await cache.through(bob, 'tools/list', load(['b'], hints));
    expect(cache.read(alice, 'tools/list')).toBeUndefined();
    expect(cache.read(bob, 'tools/list')).toEqual({ items: ['b'] });
  });

  it('serves with its freshness: kept copies say so and until when, Refresh (fresh) always loads', async () => {
    const { cache, load, loads, advance } = setUp();
    const hints = { ttlMs: 10_000, cacheScope: 'public' as const };
    const template = 'resources/templates/list';
    expect(await cache.serve(alice, template, load(['t1'], hints))).toEqual({
      listing: { items: ['t1'] },
      freshness: { fromCache: false, freshUntil: 11_000 },
    });
    advance(4_000);
    expect(await cache.serve(bob, template, load(['t2'], hints))).toEqual({
      listing: { items: ['t1'] },
      freshness: { fromCache: true, freshUntil: 11_000 },
    });
    expect(await cache.serve(alice, template, load(['t3'], hints), { fresh: true })).toEqual({
      listing: { items: ['t3'] },
      freshness: { fromCache: false, freshUntil: 15_000 },
    });
    expect(loads()).toBe(2);
    // Not kept (ttlMs 0): no freshUntil, and the next serve loads again.
    expect(
      (await cache.serve(alice, 'prompts/list', load(['p'], { ttlMs: 0, cacheScope: 'public' }))).freshness,
    ).toEqual({ fromCache: false });
  });

  it('lets an eviction on one server leave a load of another server alone', async () => {
    const { cache } = setUp();
    let finish: (listing: CachedListing<string>) => void = () => {};
    const pending = cache.serve(
      elsewhere,
      'tools/list',
      () =>
        new Promise<CachedListing<string>>((resolve) => {
          finish = resolve;
        }),
    );
    cache.evict(alice, 'tools/list');
    finish({ items: ['other server'], hints: { ttlMs: 60_000, cacheScope: 'private' } });
    expect((await pending).freshness).toEqual({ fromCache: false, freshUntil: 61_000 });
    expect(cache.read(elsewhere, 'tools/list')).toEqual({ items: ['other server'] });
  });

  it('outdates templates with resources/list_changed, and nothing else with the others', () => {
    expect(listingsChangedWith('resources/list')).toEqual(['resources/list', 'resources/templates/list']);
    expect(listingsChangedWith('prompts/list')).toEqual(['prompts/list']);
    expect(listingsChangedWith('tools/list')).toEqual(['tools/list']);
  });
});
