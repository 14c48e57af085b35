import { describe, expect, it } from 'vitest';
import { createFakeEnvironment } from '../testing/fake-environment';
import { deferTimers } from './defer-timers';

/** A fake environment whose deferred callbacks run only when `flush()` is called. */
function withManualDefer() {
  const fake = createFakeEnvironment();
  const deferred: (() => void)[] = [];
  const environment = { ...fake, defer: (callback: () => void) => void deferred.push(callback) };
  const flush = (): void => deferred.splice(0).forEach((callback) => callback());
  return { fake, environment, deferred, flush };
}

describe('deferTimers', () => {
  it('is the environment itself when it cannot defer', () => {
    const fake = createFakeEnvironment();
    expect(deferTimers(fake)).toBe(fake);
  });

  it('arms no timer for one cancelled within the burst, and asks one deferral for many timers', () => {
    const { fake, environment, deferred, flush } = withManualDefer();
    const timers = deferTimers(environment);
    let fired = 0;
    const cancels = Array.from({ length: 5 }, () => timers.setTimer(() => (fired += 1), 60_000));
    expect(deferred).toHaveLength(1);
    cancels.forEach((cancel) => cancel());
    flush();
    expect(fake.pendingTimers()).toBe(0);
    fake.advance(120_000);
    expect(fired).toBe(0);
  });

  it('fires a timer still set after the burst when it is due, counted from when it was set', () => {
    const { fake, environment, flush } = withManualDefer();
    const timers = deferTimers(environment);
    const firedAt: number[] = [];
    const start = fake.now();
    timers.setTimer(() => firedAt.push(fake.now() - start), 1_000);
    // The burst lasts 300 ms: the timer is armed then for the 700 ms left.
    fake.advance(300);
    flush();
    expect(fake.pendingTimers()).toBe(1);
    fake.advance(699);
    expect(firedAt).toEqual([]);
    fake.advance(1);
    expect(firedAt).toEqual([1_000]);
  });

  it('fires at once a timer whose time passed before the burst ended, and cancels an armed one', () => {
    const { fake, environment, flush } = withManualDefer();
    const timers = deferTimers(environment);
    let late = 0;
    let cancelled = 0;
    timers.setTimer(() => (late += 1), 10);
    const cancel = timers.setTimer(() => (cancelled += 1), 5_000);
    fake.advance(50);
    flush();
    fake.advance(0);
    expect(late).toBe(1);
    cancel();
    cancel();
    expect(fake.pendingTimers()).toBe(0);
    fake.advance(10_000);
    expect(cancelled).toBe(0);
  });

  it('asks a new deferral for timers set after the last one ran', () => {
    const { environment, deferred, flush } = withManualDefer();
    const timers = deferTimers(environment);
    timers.setTimer(() => undefined, 100);
    flush();
    timers.setTimer(() => undefined, 100);
    timers.setTimer(() => undefined, 100);
    expect(deferred).toHaveLength(1);
  });
});
