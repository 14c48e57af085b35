// Pure: walks a parent chain (branches, forks) safely — a chain that loops ends instead of spinning forever.

/**
 * The root of `start`'s chain: follows `parentOf` until an id has no parent. A chain that loops (stored
 * or imported data can say A's parent is B and B's is A) has no root; then the smallest id on the loop
 * stands for it, so every member of the loop — and everything hanging off it — names the same root.
 * Each id is visited at most once, so this ends on any input.
 */
export function findChainRoot(start: string, parentOf: (id: string) => string | null | undefined): string {
  const order = new Map<string, number>();
  const path: string[] = [];
  let cursor = start;
  for (;;) {
    order.set(cursor, path.length);
    path.push(cursor);
    const parent = parentOf(cursor);
    if (parent === null || parent === undefined) return cursor;
    const seenAt = order.get(parent);
    if (seenAt !== undefined) return path.slice(seenAt).reduce((least, id) => (id < least ? id : least));
    cursor = parent;
  }
}
