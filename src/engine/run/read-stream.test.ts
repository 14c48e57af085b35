import { describe, expect, it } from 'vitest';
import { createFakeEnvironment } from '../testing/fake-environment';
import type { AbortSource } from './cancel-scope';
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

describe('readStream, one pair of handlers per stream', () => {
  /** A stream whose reads the test settles by hand, in order; counts reads and `return()` calls. */
  function controlledStream<T>() {
    const reads: { resolve: (result: IteratorResult<T>) => void; reject: (error: Error) => void }[] = [];
    let returned = 0;
    const stream: AsyncIterable<T> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<T>>((resolve, reject) => reads.push({ resolve, reject })),
        return: () => {
          returned += 1;
          return Promise.resolve({ done: true, value: undefined });
        },
      }),
    };
    return { stream, reads, returned: () => returned };
  }
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('drops a value that arrives after the abort, and asks the stream to stop once', async () => {
    const source = controlledStream<number>();
    const controller = new AbortController();
    const seen: number[] = [];
    const reading = readStream(source.stream, controller.signal, (value) => seen.push(value));
    let failure: unknown;
    const done = reading.catch((error: unknown) => (failure = error));
    source.reads[0]?.resolve({ done: false, value: 1 });
    await settle();
    controller.abort();
    await done;
    source.reads[1]?.resolve({ done: false, value: 2 });
    await settle();
    expect(failure).toBeInstanceOf(StreamAbortedError);
    expect(seen).toEqual([1]);
    expect(source.reads).toHaveLength(2);
    expect(source.returned()).toBe(1);
  });

  it('a read that rejects after the abort is handled and does not change the outcome', async () => {
    const source = controlledStream<number>();
    const controller = new AbortController();
    const reading = readStream(source.stream, controller.signal, () => undefined);
    let failure: unknown;
    const done = reading.catch((error: unknown) => (failure = error));
    await settle();
    controller.abort();
    await done;
    source.reads[0]?.reject(new Error('socket closed'));
    await settle();
    expect(failure).toBeInstanceOf(StreamAbortedError);
  });

  it('an abort while a value is handled ends the read before the next one, without return()', async () => {
    const source = controlledStream<number>();
    const controller = new AbortController();
    const reading = readStream(source.stream, controller.signal, () => controller.abort());
    let failure: unknown;
    const done = reading.catch((error: unknown) => (failure = error));
    source.reads[0]?.resolve({ done: false, value: 1 });
    await done;
    expect(failure).toBeInstanceOf(StreamAbortedError);
    expect(source.reads).toHaveLength(1);
    expect(source.returned()).toBe(0);
  });

  it('restarts the idle timer with every value when there is no clock', async () => {
    const environment = createFakeEnvironment();
    const source = controlledStream<number>();
    const seen: number[] = [];
    const idle = { ms: 100, setTimer: environment.setTimer.bind(environment) };
    const reading = readStream(source.stream, new AbortController().signal, (value) => seen.push(value), idle);
    let failure: unknown;
    const done = reading.catch((error: unknown) => (failure = error));
    for (const value of [1, 2, 3]) {
      environment.advance(90);
      source.reads.at(-1)?.resolve({ done: false, value });
      await settle();
      expect(environment.pendingTimers()).toBe(1);
    }
    expect(failure).toBeUndefined();
    environment.advance(100);
    await done;
    expect(failure).toBeInstanceOf(StreamIdleError);
    expect(seen).toEqual([1, 2, 3]);
    expect(source.returned()).toBe(1);
    expect(environment.pendingTimers()).toBe(0);
  });

  it('rejects with what onValue throws, or a read throws, and stops listening to the signal', async () => {
    const controller = new AbortController();
    let listening = 0;
    const signal: AbortSource = {
      get aborted() {
        return controller.signal.aborted;
      },
      get reason(): unknown {
        return controller.signal.reason as unknown;
      },
      addEventListener: (type, listener, options) => {
        listening += 1;
        controller.signal.addEventListener(type, listener, options);
      },
      removeEventListener: (type, listener) => {
        listening -= 1;
        controller.signal.removeEventListener(type, listener);
      },
    };
    const source = controlledStream<number>();
    const thrown = new Error('bad value');
    const reading = readStream(source.stream, signal, () => {
      throw thrown;
    });
    source.reads[0]?.resolve({ done: false, value: 1 });
    await expect(reading).rejects.toBe(thrown);
    expect(source.reads).toHaveLength(1);

    const broken: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          throw new Error('no read');
        },
      }),
    };
    await expect(readStream(broken, signal, () => undefined)).rejects.toThrow('no read');
    expect(listening).toBe(0);
  });

  it('resolves when the stream ends, having seen every value in order', async () => {
    const source = controlledStream<string>();
    const seen: string[] = [];
    const reading = readStream(source.stream, new AbortController().signal, (value) => seen.push(value));
    for (const value of ['a', 'b', 'c']) {
      source.reads.at(-1)?.resolve({ done: false, value });
      await settle();
    }
    source.reads.at(-1)?.resolve({ done: true, value: undefined });
    await reading;
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(source.returned()).toBe(0);
  });
});
