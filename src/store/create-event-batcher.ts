// Coalesces a burst of items (run events, mostly text deltas) into one store update per frame.

/** Runs `flush` later, once. */
export type FrameScheduler = (flush: () => void) => void;

/**
 * requestAnimationFrame when there is one, with a timeout as a safety net: hidden tabs get no frames,
 * and a run must still reach its end there.
 */
export const scheduleNextFrame: FrameScheduler = (flush) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    flush();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, 100);
};

export interface EventBatcher<T> {
  push(item: T): void;
  /** Applies whatever is buffered now. */
  flush(): void;
  /** Drops the buffer; later scheduled flushes do nothing. */
  dispose(): void;
}

/** Buffers items and hands them to `apply` in one call per scheduled frame. */
export function createEventBatcher<T>(
  apply: (items: T[]) => void,
  schedule: FrameScheduler = scheduleNextFrame,
): EventBatcher<T> {
  let buffer: T[] = [];
  let scheduled = false;
  let disposed = false;

  const flush = () => {
    scheduled = false;
    if (disposed || buffer.length === 0) return;
    const items = buffer;
    buffer = [];
    apply(items);
  };

  return {
    push(item) {
      if (disposed) return;
      buffer.push(item);
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    },
    flush,
    dispose() {
      disposed = true;
      buffer = [];
    },
  };
}
