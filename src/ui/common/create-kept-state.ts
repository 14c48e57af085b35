// State held outside React, for one scope at a time: a component that renders again under a new key, or is
// mounted again (a virtualised list, a lazily loaded card, a panel keyed by a pause), reads back what the person
// chose instead of going back to its default under their click.
import { useCallback, useSyncExternalStore } from 'react';

interface Kept {
  scope: string;
  values: ReadonlyMap<string, unknown>;
}

/** One shelf of kept values; each user of it (the pause editors, the round exports) has its own. */
export interface KeptState {
  /** Forgets every kept value (a test's clean slate). */
  forgetKeptValues: () => void;
  /**
   * Like `useState`, but the value lives outside the component, keyed by `scope` and `name`: a re-render or a
   * remount in the same scope reads it back; `initial` holds until the first set in that scope. A set in a new
   * scope drops the last scope's values (one scope is held at a time).
   */
  useKeptState: <T>(scope: string, name: string, initial: T) => [T, (next: T) => void];
}

/** A new, empty shelf of kept values. */
export function createKeptState(): KeptState {
  let kept: Kept = { scope: '', values: new Map() };
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = (): Kept => kept;
  const replace = (next: Kept): void => {
    kept = next;
    for (const listener of listeners) listener();
  };
  const keepValue = (scope: string, name: string, value: unknown): void => {
    const values = new Map(kept.scope === scope ? kept.values : []);
    values.set(name, value);
    replace({ scope, values });
  };
  return {
    forgetKeptValues: () => replace({ scope: '', values: new Map() }),
    useKeptState<T>(scope: string, name: string, initial: T): [T, (next: T) => void] {
      const current = useSyncExternalStore(subscribe, snapshot, snapshot);
      const value = current.scope === scope && current.values.has(name) ? (current.values.get(name) as T) : initial;
      const set = useCallback((next: T) => keepValue(scope, name, next), [scope, name]);
      return [value, set];
    },
  };
}
