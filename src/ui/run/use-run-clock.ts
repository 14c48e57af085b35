// The current time for the run status, ticking while `active` in step with the store (see create-run-clock.ts).
import { useState, useSyncExternalStore } from 'react';
import { RUN_EVENT_MAX_FLUSH_MS } from '../../store/create-event-batcher';
import { useLoupeStoreApi } from '../../store/loupe-store-provider';
import { createRunClock } from './create-run-clock';

const NEVER = () => () => undefined;

/**
 * Like `useNow`, but a tick renders with the store update it came with: an external store, so React renders
 * it in the same synchronous pass as the store's own subscribers (a state update would wait for a task of its
 * own, after the frame).
 */
export function useRunClock(active: boolean, intervalMs = 250): number {
  const store = useLoupeStoreApi();
  const [clock] = useState(() =>
    createRunClock({ subscribeToStore: store.subscribe, intervalMs, storePaceMs: RUN_EVENT_MAX_FLUSH_MS }),
  );
  return useSyncExternalStore(active ? clock.subscribe : NEVER, clock.now, clock.now);
}
