// Test double of Cache Storage for the model cache: responses kept in memory, bodies read whole as `put` does.
import type { ModelCacheStorage } from '../model-cache';

export interface MemoryCacheStorage extends ModelCacheStorage {
  /** Every stored URL of a cache, and its headers (to plant entries a test needs, e.g. corrupt ones). */
  entries(name: string): Map<string, { headers: Headers; body: Blob }>;
}

export function createMemoryCacheStorage(): MemoryCacheStorage {
  const caches = new Map<string, Map<string, { headers: Headers; body: Blob }>>();
  const entries = (name: string) => {
    let cache = caches.get(name);
    if (cache === undefined) {
      cache = new Map<string, { headers: Headers; body: Blob }>();
      caches.set(name, cache);
    }
    return cache;
  };
  const urlOf = (request: RequestInfo | URL) =>
    typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
  return {
    entries,
    open(name) {
      const cache = entries(name);
      return Promise.resolve({
        async put(request, response) {
          // As Cache Storage does: the body is read whole before the entry exists (a failed stream keeps nothing).
          const body = await response.blob();
          cache.set(urlOf(request), { headers: new Headers(response.headers), body });
        },
        match(request) {
          const found = cache.get(urlOf(request));
          return Promise.resolve(
            found === undefined ? undefined : new Response(found.body, { headers: found.headers }),
          );
        },
        delete(request) {
          return Promise.resolve(cache.delete(urlOf(request)));
        },
        keys() {
          return Promise.resolve([...cache.keys()].map((url) => new Request(url)));
        },
      } as Pick<Cache, 'put' | 'match' | 'delete' | 'keys'>);
    },
  };
}
