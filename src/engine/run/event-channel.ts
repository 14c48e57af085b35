// Pure: an in-memory push queue read as an AsyncIterable. No timers, no I/O.

/** A buffered queue: the producer pushes, one consumer iterates; iteration ends after `close()`. */
export interface EventChannel<T> extends AsyncIterable<T> {
  /** Queues `value` (ignored after `close()`). */
  push(value: T): void;
  /** Ends the iteration once the buffered values have been read. Idempotent. */
  close(): void;
}

/**
 * Creates an `EventChannel`. Values pushed before anyone iterates are buffered, so a late consumer
 * still sees every value. Meant for one consumer; a second iterator would share (split) the values.
 */
export function createEventChannel<T>(): EventChannel<T> {
  const buffer: T[] = [];
  const waiting: ((result: IteratorResult<T>) => void)[] = [];
  let closed = false;

  const push = (value: T): void => {
    if (closed) return;
    const reader = waiting.shift();
    if (reader) reader({ value, done: false });
    else buffer.push(value);
  };
  const close = (): void => {
    if (closed) return;
    closed = true;
    for (const reader of waiting.splice(0)) reader({ value: undefined, done: true });
  };
  const next = (): Promise<IteratorResult<T>> => {
    if (buffer.length > 0) return Promise.resolve({ value: buffer.shift() as T, done: false });
    if (closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => waiting.push(resolve));
  };

  return {
    push,
    close,
    [Symbol.asyncIterator]: () => ({
      next,
      // Breaking out of a for-await must not close the producer's side: the run goes on regardless.
      return: () => Promise.resolve({ value: undefined, done: true }),
    }),
  };
}
