// Reads a paginated MCP listing under bounds, so a server that always answers `nextCursor` cannot flood the worker.
import { combineCacheHints, readCacheHints, type CacheHints } from './cache-hints';

/** Bounds on one paginated listing (tools, resources, prompts). */
export interface ListingCaps {
  /** Pages requested at most. */
  maxPages: number;
  /** Items kept at most; the rest of the page and later pages are left out. */
  maxItems: number;
  /** Milliseconds the whole listing may take (each page also has its own request timeout). */
  maxTotalMs: number;
}

/** The defaults: 50 pages, 1,000 items, 60 s. */
export const DEFAULT_LISTING_CAPS: ListingCaps = { maxPages: 50, maxItems: 1000, maxTotalMs: 60_000 };

/** What a bounded listing read: the items, and a plain notice when a bound stopped it early. */
export interface BoundedListing<T> {
  items: T[];
  notice?: string;
}

/** A listing as fetched, with the cache hints its pages carried. */
export interface CachedListing<T> extends BoundedListing<T> {
  hints?: CacheHints;
}

/** One page as `listAllPages` reads it: its items, the cursor of the next, and its raw 2026 cache fields. */
export interface ListingPage<T> {
  items: readonly T[];
  nextCursor?: string | undefined;
  ttlMs?: unknown;
  cacheScope?: unknown;
}

/**
 * Calls `fetchPage` with each `nextCursor` until the server gives none, or a bound in `caps` is reached
 * (pages, items, total time by `now`), or the server repeats a cursor (a loop). Stopping early is never
 * silent: `notice` says what was left out and why. `hints` combine every page's `ttlMs` / `cacheScope` (see
 * `combineCacheHints`). Errors of `fetchPage` propagate.
 */
export async function listAllPages<T>(
  what: string,
  fetchPage: (cursor: string | undefined) => Promise<ListingPage<T>>,
  caps: ListingCaps = DEFAULT_LISTING_CAPS,
  now: () => number = Date.now,
): Promise<CachedListing<T>> {
  const pageHints: CacheHints[] = [];
  const listing = await walkPages(
    what,
    async (cursor) => {
      const page = await fetchPage(cursor);
      pageHints.push(readCacheHints(page));
      return page;
    },
    caps,
    now,
  );
  return { ...listing, hints: combineCacheHints(pageHints) };
}

async function walkPages<T>(
  what: string,
  fetchPage: (cursor: string | undefined) => Promise<ListingPage<T>>,
  caps: ListingCaps,
  now: () => number,
): Promise<BoundedListing<T>> {
  const items: T[] = [];
  const seen = new Set<string>();
  const startedAt = now();
  let cursor: string | undefined;
  for (let pages = 0; ; pages += 1) {
    if (pages >= caps.maxPages)
      return {
        items,
        notice: `The server kept paging: listing stopped after ${caps.maxPages} pages (${items.length} ${what}).`,
      };
    if (pages > 0 && now() - startedAt > caps.maxTotalMs)
      return {
        items,
        notice: `Listing ${what} took longer than ${Math.round(caps.maxTotalMs / 1000)} s: stopped after ${pages} pages (${items.length} ${what}).`,
      };
    const page = await fetchPage(cursor);
    const room = caps.maxItems - items.length;
    items.push(...page.items.slice(0, Math.max(0, room)));
    if (page.items.length > room)
      return {
        items,
        notice: `The server lists more than ${caps.maxItems} ${what}: only the first ${caps.maxItems} are kept.`,
      };
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    if (cursor === undefined) return { items };
    if (seen.has(cursor))
      return {
        items,
        notice: `The server sent the same page cursor twice: listing stopped (${items.length} ${what}).`,
      };
    seen.add(cursor);
    if (items.length >= caps.maxItems)
      return {
        items,
        notice: `The server lists more than ${caps.maxItems} ${what}: only the first ${caps.maxItems} are kept.`,
      };
  }
}
