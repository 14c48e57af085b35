// An `EraMemory` that outlives the worker: each server's era kept in a store (IndexedDB in the app) by a hash.
import type { DiscoverResult } from '@modelcontextprotocol/client';
import { createEraMemory, type EraMemory, type RememberedEra } from './mcp-era';
import { isRecord } from '../../shared/is-record';

/** What is kept per server: the era as learnt, and when. */
export interface StoredEra {
  era: RememberedEra;
  savedAt: number;
}

/** Where remembered eras are kept between page loads, by an opaque id. Every method may reject (storage off). */
export interface EraStore {
  get(id: string): Promise<unknown>;
  set(id: string, value: StoredEra): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface PersistentEraMemoryOptions {
  /** Remembered eras older than this are ignored (the server is probed again). Default 7 days. */
  maxAgeMs?: number;
  /** The clock (tests). Default `Date.now`. */
  now?: () => number;
}

/** Largest discover answer kept on the device (a server controls its size: instructions, capabilities). */
export const MAX_STORED_DISCOVER_LENGTH = 64_000;

const DEFAULT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Reads back what the store holds, trusting nothing about its shape (another version of Loupe may have written it). */
function readStoredEra(value: unknown): StoredEra | undefined {
  if (!isRecord(value) || typeof value['savedAt'] !== 'number' || !isRecord(value['era'])) return undefined;
  const era = value['era'];
  if (era['kind'] === 'legacy') return { era: { kind: 'legacy' }, savedAt: value['savedAt'] };
  const discover = era['discover'];
  if (era['kind'] !== 'modern' || !isRecord(discover)) return undefined;
  const versions = discover['supportedVersions'];
  if (!Array.isArray(versions) || !versions.every((version) => typeof version === 'string')) return undefined;
  if (!isRecord(discover['capabilities'])) return undefined;
  return { era: { kind: 'modern', discover: discover as unknown as DiscoverResult }, savedAt: value['savedAt'] };
}

/**
 * The store's id for a memory key: the SHA-256 of the key (URL, era choice and headers), so neither header
 * values nor secrets in the URL are ever written down, and the same server with other credentials has its own.
 */
export async function hashEraKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * An `EraMemory` backed by `store`: a reload reconnects each server without the `server/discover` probe.
 * What was learnt in this worker is answered from memory first; what the store holds is checked (shape,
 * age up to `maxAgeMs`) before use. A store that fails (no IndexedDB, quota, private mode) leaves the memory
 * working for the worker's life. A remembered era that no longer works is forgotten by the caller
 * (`forget`), here and in the store, so a server that changed era is probed afresh.
 */
export function createPersistentEraMemory(store: EraStore, options: PersistentEraMemoryOptions = {}): EraMemory {
  const memory = createEraMemory();
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const now = options.now ?? (() => Date.now());
  const quietly = (work: () => Promise<void>) => void work().catch(() => {});
  return {
    async recall(key) {
      const known = await memory.recall(key);
      if (known !== undefined) return known;
      let stored: StoredEra | undefined;
      try {
        stored = readStoredEra(await store.get(await hashEraKey(key)));
      } catch {
        return undefined;
      }
      if (stored === undefined) return undefined;
      const age = now() - stored.savedAt;
      if (age < 0 || age > maxAgeMs) return undefined;
      memory.remember(key, stored.era);
      return stored.era;
    },
    remember(key, era) {
      memory.remember(key, era);
      if (era.kind === 'modern' && JSON.stringify(era.discover).length > MAX_STORED_DISCOVER_LENGTH) return;
      quietly(async () => store.set(await hashEraKey(key), { era, savedAt: now() }));
    },
    forget(key) {
      memory.forget(key);
      quietly(async () => store.delete(await hashEraKey(key)));
    },
  };
}
