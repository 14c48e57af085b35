// Keeps MCP listings (tools, resources, prompts) for as long as the server said they stay fresh: the 2026-07-28
// `ttlMs` / `cacheScope` of each list result (SEP-2549). In memory only, bounded; nothing is written to disk.
import type { CacheHints } from './cache-hints';
import type { BoundedListing, CachedListing } from './list-all-pages';

/** Every listing the cache may keep. */
export const LISTING_METHODS = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'] as const;

/**
 * The listings a `<list>/list_changed` notification outdates, by the list method it names: resources/list_changed
 * covers templates too (MCP has no change notification of their own).
 */
export function listingsChangedWith(method: string): string[] {
  return method === 'resources/list' ? [method, 'resources/templates/list'] : [method];
}

/** Who a listing was fetched for: the server, and the credentials it was fetched with. */
export interface ListingIdentity {
  /** The server (its URL): where `public` listings are shared. */
  server: string;
  /** The server plus the credentials sent (headers): where `private` listings stay. */
  principal: string;
}

/**
 * A cache of listings keyed by method (`tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`).
 */
export interface ListingCache {
  /** A still-fresh listing for `identity`: its own private one first, else a public one of the same server. */
  read<T>(identity: ListingIdentity, method: string): BoundedListing<T> | undefined;
  /** Keeps `listing` until its `ttlMs` runs out (none kept when it is 0, or when a bound cut it short). */
  write<T>(identity: ListingIdentity, method: string, listing: BoundedListing<T>, hints: CacheHints): void;
  /** Forgets `method` for this server and these credentials (the server said the list changed). */
  evict(identity: ListingIdentity, method: string): void;
  /**
   * A fresh cached listing, else the one `load` fetches, kept as its `hints` say; not kept when the list was
   * evicted while it loaded (the listing may predate the change).
   */
  through<T>(
    identity: ListingIdentity,
    method: string,
    load: () => Promise<CachedListing<T>>,
  ): Promise<BoundedListing<T>>;
  /**
   * `through`, also saying where the listing came from and how long it stays fresh. `fresh: true` (the person
   * asked to refresh) evicts first, so `load` always runs.
   */
  serve<T>(
    identity: ListingIdentity,
    method: string,
    load: () => Promise<CachedListing<T>>,
    options?: { fresh?: boolean },
  ): Promise<ServedListing<T>>;
}

/** Where a served listing came from, and until when (epoch ms, `now`'s clock) the cache keeps it. */
export interface ListingFreshness {
  /** True when no request was made: the listing is a kept copy. */
  fromCache: boolean;
  /** When the kept copy expires; absent when nothing is kept (`ttlMs` 0, a bound cut it short, an eviction). */
  freshUntil?: number;
}

/** A listing and its freshness, as `ListingCache.serve` returns it. */
export interface ServedListing<T> {
  listing: BoundedListing<T>;
  freshness: ListingFreshness;
}

/** The identity of a connection: `url` alone for public listings, `url` and its sorted `headers` for private. */
export function listingIdentityOf(url: string, headers: Record<string, string>): ListingIdentity {
  const sorted = Object.entries(headers).sort(([a], [b]) => a.localeCompare(b));
  return { server: url, principal: JSON.stringify([url, sorted]) };
}

interface Entry {
  listing: BoundedListing<unknown>;
  expiresAt: number;
}

/**
 * A listing cache holding at most `maxEntries` (the oldest written goes first), with `now` as its clock. A
 * public listing is stored under the server, a private one under the principal; writing one scope drops the
 * same listing from the other, so a server that flips the scope never leaves an older copy that still answers.
 */
export function createListingCache(maxEntries = 200, now: () => number = Date.now): ListingCache {
  const entries = new Map<string, Entry>();
  // Bumped by each eviction (per server and method), so a load that overlapped one does not put back what it may
  // have fetched before.
  const generations = new Map<string, number>();
  const keyOf = (partition: string, method: string) => JSON.stringify([partition, method]);
  const generationOf = (identity: ListingIdentity, method: string) =>
    generations.get(keyOf(identity.server, method)) ?? 0;
  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now()) return entry;
    entries.delete(key);
    return undefined;
  };
  const held = (identity: ListingIdentity, method: string) =>
    fresh(keyOf(identity.principal, method)) ?? fresh(keyOf(identity.server, method));
  const cache: ListingCache = {
    read<T>(identity: ListingIdentity, method: string) {
      const entry = held(identity, method);
      if (entry === undefined) return undefined;
      // A copy, so a caller that changes its listing cannot change what the cache serves next.
      return structuredClone(entry.listing) as BoundedListing<T>;
    },
    write(identity, method, listing, hints) {
      const own = keyOf(identity.principal, method);
      const shared = keyOf(identity.server, method);
      entries.delete(own);
      entries.delete(shared);
      if (hints.ttlMs <= 0 || listing.notice !== undefined) return;
      entries.set(hints.cacheScope === 'public' ? shared : own, {
        listing: structuredClone(listing),
        expiresAt: now() + hints.ttlMs,
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
    evict(identity, method) {
      entries.delete(keyOf(identity.principal, method));
      entries.delete(keyOf(identity.server, method));
      generations.set(keyOf(identity.server, method), generationOf(identity, method) + 1);
    },
    async through<T>(identity: ListingIdentity, method: string, load: () => Promise<CachedListing<T>>) {
      return (await cache.serve(identity, method, load)).listing;
    },
    async serve<T>(
      identity: ListingIdentity,
      method: string,
      load: () => Promise<CachedListing<T>>,
      options: { fresh?: boolean } = {},
    ) {
      if (options.fresh === true) cache.evict(identity, method);
      const entry = held(identity, method);
      if (entry !== undefined)
        return {
          // A copy, so a caller that changes its listing cannot change what the cache serves next.
          listing: structuredClone(entry.listing) as BoundedListing<T>,
          freshness: { fromCache: true, freshUntil: entry.expiresAt },
        };
      const generation = generationOf(identity, method);
      const { hints, ...listing } = await load();
      if (generationOf(identity, method) !== generation) return { listing, freshness: { fromCache: false } };
      cache.write(identity, method, listing, hints ?? { ttlMs: 0, cacheScope: 'private' });
      const kept = held(identity, method);
      return {
        listing,
        freshness: kept === undefined ? { fromCache: false } : { fromCache: false, freshUntil: kept.expiresAt },
      };
    },
  };
  return cache;
}
