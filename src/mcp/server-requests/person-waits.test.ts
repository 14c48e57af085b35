import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolRunContext } from '../../engine/tool/tool';
import { createIdleClock, createPersonWaits, holdIdleWhileWaiting, whileAsking } from './person-waits';
import { isSdkTimeout } from '../sdk/sdk-errors';

describe('person waits and the idle clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires after idleMs, restarts on touch, stands still while a question is open and starts afresh after', () => {
    const waits = createPersonWaits();
    const clock = createIdleClock(100, waits);
    vi.advanceTimersByTime(90);
    clock.touch();
    vi.advanceTimersByTime(90);
    expect(clock.signal.aborted).toBe(false);
    const first = waits.begin();
    const second = waits.begin();
    vi.advanceTimersByTime(10_000);
    first();
    first();
    vi.advanceTimersByTime(10_000);
    expect(clock.signal.aborted).toBe(false);
    second();
    vi.advanceTimersByTime(99);
    expect(clock.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(clock.signal.aborted).toBe(true);
    expect(isSdkTimeout(clock.signal.reason)).toBe(true);
    clock.stop();
  });

  it('leaves no timer once stopped, whatever the questions do after', () => {
    const waits = createPersonWaits();
    const clock = createIdleClock(100, waits);
    clock.stop();
    waits.begin()();
    vi.advanceTimersByTime(1_000);
    expect(clock.signal.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds a call’s engine clock for each open question (also one open before the call began), once', async () => {
    const waits = createPersonWaits();
    const events: string[] = [];
    const context = {
      holdIdle: () => {
        events.push('hold');
        return () => events.push('release');
      },
    } as unknown as ToolRunContext;
    let answer = () => {};
    const asking = whileAsking(waits, () => new Promise<void>((resolve) => (answer = resolve)));
    const unhold = holdIdleWhileWaiting(waits, context);
    const other = waits.begin();
    expect(events).toEqual(['hold']);
    answer();
    await asking;
    expect(events).toEqual(['hold']);
    other();
    expect(events).toEqual(['hold', 'release']);
    waits.begin();
    unhold();
    expect(events).toEqual(['hold', 'release', 'hold', 'release']);
  });

  it('ends the question when the answer fails', async () => {
    const waits = createPersonWaits();
    await expect(whileAsking(waits, () => Promise.reject(new Error('declined')))).rejects.toThrow('declined');
    expect(waits.waiting).toBe(false);
  });
});
