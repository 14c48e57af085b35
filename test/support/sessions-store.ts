// Test support: a store as a page that keeps sessions has it (its storage and IndexedDB given, so a test can open
// the page again as a reload would), flushing run events at once and making ids no other page of the test makes.
import type { EngineClient } from '../../src/client/engine-client';
import { createLoupeStore, type LoupeStore, type LoupeStoreOptions } from '../../src/store/create-loupe-store';

export function createSessionsStore(
  client: EngineClient,
  options: Pick<LoupeStoreOptions, 'storage' | 'indexedDB' | 'createId' | 'tabs'>,
): LoupeStore {
  let id = 0;
  return createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    scheduleFrame: (flush) => void flush(),
    // Pages of one test share IndexedDB: their ids must not meet.
    createId: () => `id-${++id}-${Math.random().toString(36).slice(2, 8)}`,
    ...options,
  });
}
