// The fuzz's seeded randomness: a small PRNG and the choices a sequence draws from it.
/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same sequence everywhere. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number): number => Math.floor(next() * below);
  return {
    next,
    int,
    chance: (probability: number): boolean => next() < probability,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
  };
}
export type Random = ReturnType<typeof createRandom>;
