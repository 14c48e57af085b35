// A list that appears with many items at once (an imported or restored run's cards) is mounted a slice per
// frame: mounting 20–30 round cards in one go made one task of 50–110 ms of style and layout, during which the
// page could not answer. A list that grows from nothing (a live run) is never held back.
import { useEffect, useState } from 'react';

/** Items mounted in the first frame: round cards enough to fill most of a viewport. */
export const FIRST_SLICE = 3;
/** Items added each frame after that. */
export const NEXT_SLICE = 3;

/**
 * How many of `total` items to mount now. At mount, all of them when `total` ≤ `first`; otherwise `first`,
 * then `step` more every animation frame until all are there. Once caught up it follows `total` at once, so
 * items added later (a live run's new rounds) show in the same render.
 */
export function useProgressiveCount(total: number, first = FIRST_SLICE, step = NEXT_SLICE): number {
  const [count, setCount] = useState(() => (total <= first ? Infinity : first));
  useEffect(() => {
    if (count === Infinity) return;
    // Caught up by a shrinking list (another view of the same key): nothing is held back any more.
    if (count >= total) {
      setCount(Infinity);
      return;
    }
    const frame = requestAnimationFrame(() => setCount((now) => (now + step >= total ? Infinity : now + step)));
    return () => cancelAnimationFrame(frame);
  }, [count, total, step]);
  return Math.min(total, count);
}
