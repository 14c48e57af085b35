// The one React binding of the store: a context provider and a selector hook.
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { LoupeStore } from './create-loupe-store';
import type { LoupeState } from './loupe-state';

const LoupeStoreContext = createContext<LoupeStore | null>(null);

export function LoupeStoreProvider({ store, children }: { store: LoupeStore; children: ReactNode }) {
  return <LoupeStoreContext value={store}>{children}</LoupeStoreContext>;
}

/** Reads a narrow slice of the store; re-renders only when the selected value changes (Object.is). */
export function useLoupeStore<T>(selector: (state: LoupeState) => T): T {
  const store = useContext(LoupeStoreContext);
  if (store === null) throw new Error('useLoupeStore must be used inside <LoupeStoreProvider>.');
  return useStore(store, selector);
}

/**
 * The store itself, for reading state at the moment of an action (a click) without re-rendering on every
 * change of it — e.g. a round's export reads all rounds only when asked for.
 */
export function useLoupeStoreApi(): LoupeStore {
  const store = useContext(LoupeStoreContext);
  if (store === null) throw new Error('useLoupeStoreApi must be used inside <LoupeStoreProvider>.');
  return store;
}
