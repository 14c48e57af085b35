import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRunClock } from './create-run-clock';

afterEach(() => void vi.useRealTimers());

/** A clock over fake timers and a store the test updates. */
function setUp() {
  vi.useFakeTimers({ now: 10_000 });
  const listeners = new Set<() => void>();
  const clock = createRunClock({
    subscribeToStore: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    intervalMs: 250,
    storePaceMs: 100,
  });
  const ticks: number[] = [];
  const updateStore = () => {
    for (const listener of listeners) listener();
  };
  return { clock, ticks, listeners, updateStore };
}

describe('createRunClock', () => {
  it('ticks only inside store updates while the store updates often, never from its timer', () => {
    const { clock, ticks, updateStore } = setUp();
    // Each tick records whether a store update was on the stack when it came.
    let inUpdate = false;
    const stop = clock.subscribe(() => ticks.push(inUpdate ? 1 : 0));
    // A streamed reply: a store update every 100 ms for 3 s.
    for (let at = 100; at <= 3_000; at += 100) {
      vi.advanceTimersByTime(100);
      inUpdate = true;
      updateStore();
      inUpdate = false;
    }
    stop();
    // One tick per 300 ms (the first update at least 250 ms after the last tick), each in an update.
    expect(ticks).toHaveLength(10);
    expect(ticks.every((inside) => inside === 1)).toBe(true);
  });

  it('keeps ticking from its timer while the store is quiet, and the time moves', () => {
    const { clock, ticks } = setUp();
    const stop = clock.subscribe(() => ticks.push(clock.now()));
    vi.advanceTimersByTime(349);
    expect(ticks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([10_350]);
    vi.advanceTimersByTime(700);
    expect(ticks).toEqual([10_350, 10_700, 11_050]);
    stop();
    vi.advanceTimersByTime(1_000);
    expect(ticks).toHaveLength(3);
  });

  it('stops listening to the store and its timer when unsubscribed', () => {
    const { clock, listeners, updateStore } = setUp();
    const onTick = vi.fn();
    const stop = clock.subscribe(onTick);
    expect(listeners.size).toBe(1);
    stop();
    expect(listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1_000);
    updateStore();
    expect(onTick).not.toHaveBeenCalled();
  });

  it('starts from the time it is subscribed at, not the time it was made', () => {
    const { clock } = setUp();
    vi.advanceTimersByTime(5_000);
    const stop = clock.subscribe(() => undefined);
    expect(clock.now()).toBe(15_000);
    stop();
  });
});
