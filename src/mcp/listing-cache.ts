// Keeps MCP listings (tools, resources, prompts) for as long as the server said they stay fresh: the 2026-07-28
// `ttlMs` / `cacheScope` of each list result (SEP-2549). In memory only, bounded; nothing is written to disk.
import type { CacheHints } from './cache-hints';
import type { BoundedListing, CachedListing } from './list-all-pages';

/** Who a listing was fetched for: the server, and the credentials it was fetched with. */
export interface ListingIdentity {
  /** The server (its URL): where `public` listings are shared. */
  server: string;
  /** The server plus the credentials sent (headers): where `private` listings stay. */
  principal: string;
}

/** A cache of listings keyed by method (`tools/list`, `resources/list`, `prompts/list`). */
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
  // Bumped by each eviction, so a load that overlapped one does not put back what it may have fetched before.
  const generations = new Map<string, number>();
  const keyOf = (partition: string, method: string) => JSON.stringify([partition, method]);
  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now()) return entry;
    entries.delete(key);
    return undefined;
  };
  const cache: ListingCache = {
    read<T>(identity: ListingIdentity, method: string) {
      const entry = fresh(keyOf(identity.principal, method)) ?? fresh(keyOf(identity.server, method));
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
      generations.set(method, (generations.get(method) ?? 0) + 1);
    },
    async through<T>(identity: ListingIdentity, method: string, load: () => Promise<CachedListing<T>>) {
      const hit = cache.read<T>(identity, method);
      if (hit !== undefined) return hit;
      const generation = generations.get(method) ?? 0;
      const { hints, ...listing } = await load();
      if ((generations.get(method) ?? 0) === generation)
        cache.write(identity, method, listing, hints ?? { ttlMs: 0, cacheScope: 'private' });
      return listing;
    },
  };
  return cache;
}
