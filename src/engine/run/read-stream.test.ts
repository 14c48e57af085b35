import { describe, expect, it } from 'vitest';
import { createFakeEnvironment } from '../testing/fake-environment';
import { readStream, StreamAbortedError, StreamIdleError } from './read-stream';

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

describe('readStream against a stream that ignores its signal', () => {
  /** A stream whose reads hang until the test rejects them; counts `return()` calls. */
  function hangingStream() {
    const pending: ((error: Error) => void)[] = [];
    let returned = 0;
    const stream: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<number>>((_resolve, reject) => pending.push(reject)),
        return: () => {
          returned += 1;
          return Promise.resolve({ done: true, value: undefined });
        },
      }),
    };
    return {
      stream,
      failReads: (error: Error) => pending.splice(0).forEach((reject) => reject(error)),
      returned: () => returned,
    };
  }

  it('rejects at once on abort, asks the stream to stop, and a read failing later is handled', async () => {
    const source = hangingStream();
    const controller = new AbortController();
    const reading = readStream(source.stream, controller.signal, () => undefined);
    let failure: unknown;
    const done = reading.catch((error: unknown) => (failure = error));
    await new Promise<void>((resolve) => setImmediate(resolve));
    controller.abort();
    await done;
    expect(failure).toBeInstanceOf(StreamAbortedError);
    expect(source.returned()).toBe(1);
    // The abandoned read fails after nobody listens: no unhandled rejection (the test setup fails on one).
    source.failReads(new Error('socket closed'));
    await new Promise<void>((resolve) => setImmediate(resolve));
  });

  it('fires the idle timeout per read without a clock, leaving no timer behind', async () => {
    const environment = createFakeEnvironment();
    const source = hangingStream();
    const idle = { ms: 100, setTimer: environment.setTimer.bind(environment) };
    const reading = readStream(source.stream, new AbortController().signal, () => undefined, idle);
    let failure: unknown;
    const done = reading.catch((error: unknown) => (failure = error));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(environment.pendingTimers()).toBe(1);
    environment.advance(100);
    await done;
    expect(failure).toBeInstanceOf(StreamIdleError);
    expect(source.returned()).toBe(1);
    expect(environment.pendingTimers()).toBe(0);
  });

  it('reads nothing from a stream whose signal is already aborted', async () => {
    const source = hangingStream();
    const controller = new AbortController();
    controller.abort();
    await expect(readStream(source.stream, controller.signal, () => undefined)).rejects.toBeInstanceOf(
      StreamAbortedError,
    );
  });
});
