// Reads the 2026-07-28 cache fields of a list result (`ttlMs`, `cacheScope`, SEP-2549) defensively.
import { MAX_CACHE_TTL_MS } from '@modelcontextprotocol/client';

/** How long a listing may be served again and to whom, as the server said on its pages. */
export interface CacheHints {
  /** Milliseconds the result stays fresh; 0 (or absent, as on every 2025-era server) = never reuse. */
  ttlMs: number;
  /** `public`: any client of this server may reuse it; `private`: only the same credentials. */
  cacheScope: 'public' | 'private';
}

/** Hints of one page from its raw result: a number `ttlMs` (else 0) and a `cacheScope` (else `private`). */
export function readCacheHints(page: { ttlMs?: unknown; cacheScope?: unknown }): CacheHints {
  const ttl = page.ttlMs;
  return {
    ttlMs: typeof ttl === 'number' && Number.isFinite(ttl) ? Math.min(Math.max(0, ttl), MAX_CACHE_TTL_MS) : 0,
    cacheScope: page.cacheScope === 'public' ? 'public' : 'private',
  };
}

/** The hints of a listing of several pages: the shortest lifetime, and private when any page is private. */
export function combineCacheHints(pages: readonly CacheHints[]): CacheHints {
  if (pages.length === 0) return { ttlMs: 0, cacheScope: 'private' };
  return {
    ttlMs: Math.min(...pages.map((page) => page.ttlMs)),
    cacheScope: pages.every((page) => page.cacheScope === 'public') ? 'public' : 'private',
  };
}
