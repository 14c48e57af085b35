// Where memory files live (IndexedDB in the app, a folder in headless) and one serialised access to them. Pure.
import type { MemoryFiles } from './run-memory-command';

/**
 * A memory store: the files of one memory (`scope`), as path → content. `write` replaces the memory whole;
 * `write` of an empty map removes it. Implementations need not be safe for overlapping calls:
 * `createMemoryAccess` never overlaps them for one scope.
 */
export interface MemoryStore {
  read(scope: string): Promise<MemoryFiles>;
  write(scope: string, files: MemoryFiles): Promise<void>;
}

/** Reads and read-modify-writes of memories, one at a time per scope, so two calls of one round never lose a write. */
export interface MemoryAccess {
  read(scope: string): Promise<MemoryFiles>;
  /**
   * Runs `change` on the scope's current files and stores what it returns when it is a different map (the same
   * map = nothing changed, nothing written). Resolves with `change`'s result.
   */
  update<T extends { files: MemoryFiles }>(scope: string, change: (files: MemoryFiles) => T): Promise<T>;
}

/** Serialises every access of one scope behind the one before it; a failed access never blocks the next. */
export function createMemoryAccess(
  store: MemoryStore,
  onChange: (scope: string) => void = () => undefined,
): MemoryAccess {
  const tails = new Map<string, Promise<unknown>>();
  const queue = <T>(scope: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(scope) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    tails.set(scope, tail);
    // Forget a settled queue so scopes do not pile up.
    void tail.then(() => {
      if (tails.get(scope) === tail) tails.delete(scope);
    });
    return next;
  };
  return {
    read: (scope) => queue(scope, () => store.read(scope)),
    update: (scope, change) =>
      queue(scope, async () => {
        const before = await store.read(scope);
        const result = change(before);
        if (result.files !== before) {
          await store.write(scope, result.files);
          onChange(scope);
        }
        return result;
      }),
  };
}

/** A store in memory, for tests and for a page without IndexedDB (files then last as long as the worker). */
export function createInMemoryMemoryStore(): MemoryStore {
  const memories = new Map<string, MemoryFiles>();
  return {
    read: (scope) => Promise.resolve(memories.get(scope) ?? new Map<string, string>()),
    write: (scope, files) => {
      if (files.size === 0) memories.delete(scope);
      else memories.set(scope, new Map(files));
      return Promise.resolve();
    },
  };
}
