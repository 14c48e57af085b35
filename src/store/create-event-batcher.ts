// Coalesces a burst of items (run events, mostly text deltas) into one store update per frame.

/** Runs `flush` later, once. */
export type FrameScheduler = (flush: () => void) => void;

/**
 * requestAnimationFrame when there is one, with a timeout as a safety net: hidden tabs get no frames,
 * and a run must still reach its end there. Whichever comes first cancels the other: a safety net left to
 * fire was a task of its own on the main thread for every flush of a streamed reply.
 */
export const scheduleNextFrame: FrameScheduler = (flush) => {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    if (frame !== undefined) cancelAnimationFrame(frame);
    frame = undefined;
    flush();
  };
  timer = setTimeout(once, 100);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(once);
};

/**
 * While items keep coming (a streamed reply: an event every few milliseconds), flushes at most once per
 * `minIntervalMs`, each on a frame; the first item after a quiet spell still flushes on the next frame. Every
 * flush costs a React render, style, layout, paint and a hit test of the page under the pointer: at 60 per
 * second that kept the main thread busy most of a long stream; at 10 it is a small share, and a reply still
 * reads as streaming.
 */
export function throttleFrames(
  minIntervalMs: number,
  frame: FrameScheduler = scheduleNextFrame,
  now: () => number = () => performance.now(),
): FrameScheduler {
  let last = Number.NEGATIVE_INFINITY;
  return (flush) => {
    const run = () => {
      last = now();
      flush();
    };
    const wait = last + minIntervalMs - now();
    if (wait <= 0) frame(run);
    else setTimeout(() => frame(run), wait);
  };
}

/** The store's pace for run events: see {@link throttleFrames}. */
export const RUN_EVENT_FLUSH_MS = 100;

/** A scheduler at the store's pace for run events (each store its own: it keeps when it last flushed). */
export const runEventPace = (): FrameScheduler => throttleFrames(RUN_EVENT_FLUSH_MS);

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
