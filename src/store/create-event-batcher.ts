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
  return paceByCost({ minIntervalMs, maxIntervalMs: minIntervalMs, share: 1 }, frame, now);
}

/** The store's fastest pace for run events: see {@link paceByCost}. */
export const RUN_EVENT_FLUSH_MS = 100;

/** The store's slowest pace for run events, on a slow or busy machine: see {@link paceByCost}. */
export const RUN_EVENT_MAX_FLUSH_MS = 200;

/** The share of the main thread the flushes of a stream aim to take (their render, layout and paint included). */
export const RUN_EVENT_FLUSH_SHARE = 0.05;

/** Runs `task` as a task of its own, after the current one (and the frame it renders) is done. */
const afterTask = (task: () => void): void => void setTimeout(task, 0);

/**
 * Like {@link throttleFrames}, but the interval follows what a flush costs: from the flush to the first task
 * after it, which is the store update, React's render and — on a frame — the browser's style, layout and paint.
 * The interval keeps that cost at about `share` of the time (a smoothed cost over `share`), within
 * [`minIntervalMs`, `maxIntervalMs`]: a short reply on a fast machine streams at the fastest pace, a long reply
 * or a busy machine at a slower one, instead of the page's main thread going to the stream.
 */
export function paceByCost(
  { minIntervalMs, maxIntervalMs, share }: { minIntervalMs: number; maxIntervalMs: number; share: number },
  frame: FrameScheduler = scheduleNextFrame,
  now: () => number = () => performance.now(),
  after: (task: () => void) => void = afterTask,
): FrameScheduler {
  let last = Number.NEGATIVE_INFINITY;
  let cost: number | undefined;
  let interval = minIntervalMs;
  return (flush) => {
    const run = () => {
      const start = now();
      last = start;
      flush();
      if (minIntervalMs === maxIntervalMs) return;
      after(() => {
        const spent = Math.max(0, now() - start);
        // Smoothed, so one slow frame (a garbage collection, a block of code highlighted) does not halve the pace.
        cost = cost === undefined ? spent : cost * 0.7 + spent * 0.3;
        interval = Math.min(maxIntervalMs, Math.max(minIntervalMs, cost / share));
      });
    };
    const wait = last + interval - now();
    if (wait <= 0) frame(run);
    else setTimeout(() => frame(run), wait);
  };
}

/** A scheduler at the store's pace for run events (each store its own: it keeps when it last flushed). */
export const runEventPace = (): FrameScheduler =>
  paceByCost({
    minIntervalMs: RUN_EVENT_FLUSH_MS,
    maxIntervalMs: RUN_EVENT_MAX_FLUSH_MS,
    share: RUN_EVENT_FLUSH_SHARE,
  });

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
