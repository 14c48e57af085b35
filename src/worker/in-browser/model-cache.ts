// The models kept in the browser for the In-browser provider: one Cache Storage cache, one entry per model
// file, its facts in the response's headers (docs/decisions/in-browser-model-cache.md says why Cache Storage).
import type { CachedModelEntry } from '../../protocol/in-browser-messages';

/** The part of `CacheStorage` the cache uses (a fake in tests, `self.caches` in the worker). */
export interface ModelCacheStorage {
  open(name: string): Promise<Pick<Cache, 'put' | 'match' | 'delete' | 'keys'>>;
}

export interface ModelCache {
  /** What is kept, newest first; an entry whose facts do not read back is left out (and removed). */
  list(): Promise<CachedModelEntry[]>;
  /** Keeps `body` (a Blob, or a stream of the bytes as they download) and returns its entry and the kept file. */
  put(
    facts: { name: string; origin: string; sizeBytes: number },
    body: Blob | ReadableStream<Uint8Array>,
  ): Promise<{
    entry: CachedModelEntry;
    file: Blob;
  }>;
  /** The kept file (read from disk as it is used, not copied into memory), or undefined. */
  get(key: string): Promise<{ entry: CachedModelEntry; file: Blob } | undefined>;
  delete(key: string): Promise<boolean>;
}

export const MODEL_CACHE_NAME = 'loupe-models-v1';
/** Cache Storage keys are requests; this host never resolves (`.invalid`), so nothing is ever fetched from it. */
const KEY_PREFIX = 'https://loupe-models.invalid/';
const KEY_PATTERN = /^[0-9a-f]{32}$/;

const HEADER = { name: 'x-loupe-name', origin: 'x-loupe-origin', size: 'x-loupe-size', storedAt: 'x-loupe-stored-at' };

/** A key from where the model came from and its name and size: the same file kept twice is one entry. */
async function keyOf(facts: { name: string; origin: string; sizeBytes: number }): Promise<string> {
  const text = JSON.stringify([facts.origin, facts.name, facts.sizeBytes]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function entryOf(key: string, headers: Headers): CachedModelEntry | undefined {
  const decode = (value: string | null) => {
    if (value === null) return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  };
  const name = decode(headers.get(HEADER.name));
  const origin = decode(headers.get(HEADER.origin));
  const sizeBytes = Number(headers.get(HEADER.size));
  const storedAt = Number(headers.get(HEADER.storedAt));
  if (name === undefined || origin === undefined) return undefined;
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 0 || !Number.isFinite(storedAt)) return undefined;
  return { key, name, origin, sizeBytes, storedAt };
}

/** `now` stamps each kept model (the worker's clock). */
export function createModelCache(storage: ModelCacheStorage, now: () => number): ModelCache {
  const open = () => storage.open(MODEL_CACHE_NAME);
  const keyFromUrl = (url: string) => (url.startsWith(KEY_PREFIX) ? url.slice(KEY_PREFIX.length) : undefined);

  const cache: ModelCache = {
    async list() {
      const store = await open();
      const entries: CachedModelEntry[] = [];
      for (const request of await store.keys()) {
        const key = keyFromUrl(request.url);
        const response = key === undefined ? undefined : await store.match(request);
        const entry = key === undefined || response === undefined ? undefined : entryOf(key, response.headers);
        if (entry === undefined) await store.delete(request);
        else entries.push(entry);
      }
      return entries.sort((a, b) => b.storedAt - a.storedAt);
    },
    async put(facts, body) {
      const key = await keyOf(facts);
      const headers = new Headers({
        'content-type': 'application/octet-stream',
        [HEADER.name]: encodeURIComponent(facts.name),
        [HEADER.origin]: encodeURIComponent(facts.origin),
        [HEADER.size]: String(facts.sizeBytes),
        [HEADER.storedAt]: String(now()),
      });
      const store = await open();
      await store.put(KEY_PREFIX + key, new Response(body, { headers }));
      const kept = await cache.get(key);
      if (kept === undefined) throw new Error('the browser did not keep the model file');
      if (kept.file.size !== facts.sizeBytes) {
        await store.delete(KEY_PREFIX + key);
        throw new Error(`the kept file has ${kept.file.size} bytes, not ${facts.sizeBytes}`);
      }
      return kept;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return undefined;
      const response = await (await open()).match(KEY_PREFIX + key);
      const entry = response === undefined ? undefined : entryOf(key, response.headers);
      if (response === undefined || entry === undefined) return undefined;
      return { entry, file: await response.blob() };
    },
    async delete(key) {
      if (!KEY_PATTERN.test(key)) return false;
      return (await open()).delete(KEY_PREFIX + key);
    },
  };
  return cache;
}
