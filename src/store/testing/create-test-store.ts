// The store as the slice tests build it: over a fake client, with storage in memory, no animation frames and ids
// counted from `id-1` (the demo server added on a first visit is `id-1`).
import type { EngineClient } from '../../client/engine-client';
import { createLoupeStore, type LoupeStore, type LoupeStoreOptions } from '../create-loupe-store';
import { MemoryStorage } from './memory-storage';

/** A store over `client`; `options` replace the defaults. */
export function createTestStore(client: EngineClient, options: Partial<LoupeStoreOptions> = {}): LoupeStore {
  let nextId = 1;
  return createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    storage: new MemoryStorage(),
    scheduleFrame: () => undefined,
    createId: () => `id-${nextId++}`,
    ...options,
  });
}
