// A pause editor's choices (the result mode, the text typed) held outside React, for one scope at a time (a run's
// call at one kind of pause). The panel renders again as a pause settles — with a new pause object, or remounted
// under a new key — and a choice held in component state could go back to its default under the person's click.
import { useCallback, useSyncExternalStore } from 'react';

interface Kept {
  scope: string;
  values: ReadonlyMap<string, unknown>;
}

let kept: Kept = { scope: '', values: new Map() };
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): Kept => kept;

/** Sets `name` in `scope`; a new scope drops the last one's values (one pause is held at a time). */
export function keepValue(scope: string, name: string, value: unknown): void {
  const values = new Map(kept.scope === scope ? kept.values : []);
  values.set(name, value);
  kept = { scope, values };
  for (const listener of listeners) listener();
}

/** The value kept for `name` in `scope`, or undefined when none is (or another scope is held). */
export function keptValue(scope: string, name: string): unknown {
  return kept.scope === scope ? kept.values.get(name) : undefined;
}

/** Forgets every kept value (a test's clean slate). */
export function forgetKeptValues(): void {
  kept = { scope: '', values: new Map() };
  for (const listener of listeners) listener();
}

/**
 * Like `useState`, but the value lives outside the component, keyed by `scope` and `name`: a re-render or a
 * remount in the same scope reads it back; `initial` holds until the first set in that scope.
 */
export function useKeptState<T>(scope: string, name: string, initial: T): [T, (next: T) => void] {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const value = current.scope === scope && current.values.has(name) ? (current.values.get(name) as T) : initial;
  const set = useCallback((next: T) => keepValue(scope, name, next), [scope, name]);
  return [value, set];
}
