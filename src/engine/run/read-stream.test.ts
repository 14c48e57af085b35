import { describe, expect, it } from 'vitest';
import { createFakeEnvironment } from '../testing/fake-environment';
import { readStream, StreamIdleError } from './read-stream';

/** A stream whose values the test pushes by hand; `end()` finishes it. */
function manualStream<T>() {
  const waiting: ((result: IteratorResult<T>) => void)[] = [];
  const stream: AsyncIterable<T> = {
    [Symbol.asyncIterator]: () => ({
      next: () => new Promise<IteratorResult<T>>((resolve) => waiting.push(resolve)),
      return: () => Promise.resolve({ done: true, value: undefined }),
    }),
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    stream,
    push: async (value: T) => {
      waiting.shift()?.({ done: false, value });
      await settle();
    },
    end: async () => {
      waiting.shift()?.({ done: true, value: undefined });
      await settle();
    },
    settle,
  };
}

describe('readStream with a clock: one idle timer for the whole stream', () => {
  it('times the quiet from the last value, exactly, with one timer at a time', async () => {
    const environment = createFakeEnvironment();
    const source = manualStream<number>();
    const seen: number[] = [];
    const idle = { ms: 100, setTimer: environment.setTimer.bind(environment), now: environment.now.bind(environment) };
    const reading = readStream(source.stream, new AbortController().signal, (value) => seen.push(value), idle);
    let failure: unknown;
    reading.catch((error: unknown) => (failure = error));
    await source.settle();
    environment.advance(90);
    await source.push(1);
    await source.push(2);
    expect(environment.pendingTimers()).toBe(1);
    // 100 ms after the start, but only 10 ms after the last value: the read goes on.
    environment.advance(10);
    await source.settle();
    expect(failure).toBeUndefined();
    environment.advance(89);
    await source.settle();
    expect(failure).toBeUndefined();
    environment.advance(1);
    await source.settle();
    expect(failure).toBeInstanceOf(StreamIdleError);
    expect(seen).toEqual([1, 2]);
    expect(environment.pendingTimers()).toBe(0);
  });

  it('leaves no timer behind when the stream ends', async () => {
    const environment = createFakeEnvironment();
    const source = manualStream<number>();
    const idle = { ms: 100, setTimer: environment.setTimer.bind(environment), now: environment.now.bind(environment) };
    const reading = readStream(source.stream, new AbortController().signal, () => undefined, idle);
    await source.push(1);
    await source.end();
    await reading;
    expect(environment.pendingTimers()).toBe(0);
  });
});
