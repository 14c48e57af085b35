import { describe, expect, it } from 'vitest';
import { createEventBatcher } from './create-event-batcher';

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
