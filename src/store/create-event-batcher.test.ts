import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBatcher, paceByCost, scheduleNextFrame, throttleFrames } from './create-event-batcher';

function manualScheduler() {
  const queue: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => void queue.push(flush),
    runFrame: () => queue.splice(0).forEach((flush) => flush()),
    get pending() {
      return queue.length;
    },
  };
}

describe('createEventBatcher', () => {
  it('applies everything pushed before a frame in one call', () => {
    const frames = manualScheduler();
    const applied: number[][] = [];
    const batcher = createEventBatcher<number>((items) => applied.push(items), frames.schedule);
    batcher.push(1);
    batcher.push(2);
    batcher.push(3);
    expect(frames.pending).toBe(1);
    expect(applied).toEqual([]);
    frames.runFrame();
    expect(applied).toEqual([[1, 2, 3]]);
  });

  it('schedules a new frame for items pushed after a flush', () => {
    const frames = manualScheduler();
    const applied: number[][] = [];
    const batcher = createEventBatcher<number>((items) => applied.push(items), frames.schedule);
    batcher.push(1);
    frames.runFrame();
    batcher.push(2);
    expect(frames.pending).toBe(1);
    frames.runFrame();
    expect(applied).toEqual([[1], [2]]);
  });

  it('flushes on demand and skips the empty scheduled frame', () => {
    const frames = manualScheduler();
    const applied: number[][] = [];
    const batcher = createEventBatcher<number>((items) => applied.push(items), frames.schedule);
    batcher.push(1);
    batcher.flush();
    frames.runFrame();
    expect(applied).toEqual([[1]]);
  });

  it('drops buffered items once disposed', () => {
    const frames = manualScheduler();
    const applied: number[][] = [];
    const batcher = createEventBatcher<number>((items) => applied.push(items), frames.schedule);
    batcher.push(1);
    batcher.dispose();
    frames.runFrame();
    batcher.push(2);
    frames.runFrame();
    expect(applied).toEqual([]);
  });

  it('falls back to a timeout without requestAnimationFrame', async () => {
    const applied: number[][] = [];
    const batcher = createEventBatcher<number>((items) => applied.push(items));
    batcher.push(7);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(applied).toEqual([[7]]);
  });
});

describe('scheduleNextFrame', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** Animation frames the test runs by hand (a page's, or a hidden tab's that never come). */
  function stubFrames() {
    vi.useFakeTimers();
    const frames = new Map<number, () => void>();
    let next = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      next += 1;
      frames.set(next, callback);
      return next;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    return {
      frames,
      runFrames: () => {
        const due = [...frames.values()];
        frames.clear();
        for (const callback of due) callback();
      },
    };
  }

  it('flushes once on the frame and leaves no safety-net timer to fire later', () => {
    const { runFrames } = stubFrames();
    const flush = vi.fn();
    scheduleNextFrame(flush);
    expect(vi.getTimerCount()).toBe(1);
    runFrames();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('in a tab with no frames, flushes on the timeout and drops the frame it asked for', () => {
    const { frames, runFrames } = stubFrames();
    const flush = vi.fn();
    scheduleNextFrame(flush);
    vi.advanceTimersByTime(99);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(frames.size).toBe(0);
    runFrames();
    expect(flush).toHaveBeenCalledTimes(1);
  });
});

describe('throttleFrames', () => {
  afterEach(() => void vi.useRealTimers());

  /** A batcher over throttled manual frames, with a clock the test moves. */
  function setUp(minIntervalMs: number) {
    vi.useFakeTimers();
    const frames = manualScheduler();
    let clock = 1_000;
    const applied: number[][] = [];
    const batcher = createEventBatcher<number>(
      (items) => applied.push(items),
      throttleFrames(minIntervalMs, frames.schedule, () => clock),
    );
    const advance = (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    };
    return { frames, applied, batcher, advance };
  }

  it('flushes the first item after a quiet spell on the next frame', () => {
    const { frames, applied, batcher } = setUp(100);
    batcher.push(1);
    expect(frames.pending).toBe(1);
    frames.runFrame();
    expect(applied).toEqual([[1]]);
  });

  it('while items keep coming, flushes at most once per interval, each on a frame, losing nothing', () => {
    const { frames, applied, batcher, advance } = setUp(100);
    batcher.push(1);
    frames.runFrame();
    // A stream: an item every 4 ms for 250 ms, a frame every 16 ms.
    for (let at = 4, item = 2; at <= 250; at += 4, item += 1) {
      advance(4);
      batcher.push(item);
      if (at % 16 === 0) frames.runFrame();
    }
    advance(100);
    frames.runFrame();
    // 1 leading flush, then one per 100 ms: never one per frame.
    expect(applied.length).toBeLessThanOrEqual(4);
    expect(applied.length).toBeGreaterThanOrEqual(3);
    expect(applied.flat()).toEqual(Array.from({ length: 63 }, (_, index) => index + 1));
  });

  it('waits for no frame before the interval has passed, and for one after', () => {
    const { frames, applied, batcher, advance } = setUp(100);
    batcher.push(1);
    frames.runFrame();
    advance(10);
    batcher.push(2);
    expect(frames.pending).toBe(0);
    advance(89);
    expect(frames.pending).toBe(0);
    advance(1);
    expect(frames.pending).toBe(1);
    expect(applied).toEqual([[1]]);
    frames.runFrame();
    expect(applied).toEqual([[1], [2]]);
  });
});

describe('paceByCost', () => {
  afterEach(() => void vi.useRealTimers());

  /**
   * A stream (an item every 4 ms) into a batcher paced by cost, where each flush costs `costMs` of the clock
   * before the task after it runs. Returns the gaps between flushes.
   */
  function stream(costMs: number, durationMs: number) {
    vi.useFakeTimers();
    const frames = manualScheduler();
    const afterTasks: (() => void)[] = [];
    let clock = 1_000;
    const flushedAt: number[] = [];
    const applied: number[] = [];
    const batcher = createEventBatcher<number>(
      (items) => {
        flushedAt.push(clock);
        applied.push(...items);
      },
      paceByCost(
        { minIntervalMs: 100, maxIntervalMs: 200, share: 0.05 },
        frames.schedule,
        () => clock,
        (task) => void afterTasks.push(task),
      ),
    );
    let item = 0;
    for (let at = 0; at < durationMs; at += 4) {
      clock += 4;
      vi.advanceTimersByTime(4);
      item += 1;
      batcher.push(item);
      if (at % 16 === 0 && frames.pending > 0) {
        frames.runFrame();
        // The flush, its render and its frame take `costMs`; then the task after it runs.
        clock += costMs;
        for (const task of afterTasks.splice(0)) task();
      }
    }
    clock += 1_000;
    vi.advanceTimersByTime(1_000);
    frames.runFrame();
    const gaps = flushedAt.slice(1, -1).map((at, index) => at - flushedAt[index]!);
    return { gaps, applied, item };
  }

  it('keeps the fastest pace while flushes are cheap', () => {
    const { gaps, applied, item } = stream(2, 3_000);
    expect(Math.max(...gaps.slice(1))).toBeLessThan(100 + 20);
    expect(applied).toEqual(Array.from({ length: item }, (_, index) => index + 1));
  });

  it('slows to keep costly flushes near their share of the time, never past the slowest pace', () => {
    const { gaps, applied, item } = stream(8, 3_000);
    // 8 ms a flush at 5 %: one every 160 ms (give or take a frame), once the smoothed cost has settled.
    const settled = gaps.slice(10);
    expect(Math.min(...settled)).toBeGreaterThanOrEqual(160);
    expect(Math.max(...settled)).toBeLessThan(160 + 20);
    const slow = stream(40, 3_000);
    expect(Math.max(...slow.gaps)).toBeLessThan(200 + 20 + 40);
    expect(Math.min(...slow.gaps.slice(5))).toBeGreaterThanOrEqual(200);
    expect(applied).toEqual(Array.from({ length: item }, (_, index) => index + 1));
  });
});
