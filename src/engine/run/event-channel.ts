// Pure: an in-memory push queue read as an AsyncIterable, one value or one batch at a time. No timers or I/O of its own.

/** A buffered queue: the producer pushes, one consumer iterates; iteration ends after `close()`. */
export interface EventChannel<T> extends AsyncIterable<T> {
  /** Queues `value` (ignored after `close()`). */
  push(value: T): void;
  /** Ends the iteration once the buffered values have been read. Idempotent. */
  close(): void;
  /**
   * The same values read in batches: each step takes everything buffered then (never an empty batch), so a
   * consumer pays one promise hop per batch instead of one per value. Use either this or the per-value
   * iteration, not both: they take from one buffer.
   */
  readonly batches: AsyncIterable<readonly T[]>;
}

/** How a batch reader is woken. */
export interface EventChannelOptions {
  /**
   * Runs `wake` soon, after the producer's current burst (e.g. a zero-delay timer). A batch reader waiting
   * on an empty buffer is then woken once per burst instead of once per value; absent, it is woken at once.
   */
  defer?: (wake: () => void) => void;
  /** A deferred batch reader is woken at once when this many values wait (default 256). */
  highWater?: number;
}

/**
 * Creates an `EventChannel`. Values pushed before anyone iterates are buffered, so a late consumer
 * still sees every value. Meant for one consumer; a second iterator would share (split) the values.
 */
export function createEventChannel<T>(options: EventChannelOptions = {}): EventChannel<T> {
  const { defer } = options;
  const highWater = options.highWater ?? 256;
  let buffer: T[] = [];
  // Read position in `buffer`: values are taken by moving it, not by `shift()` (which moves the rest each time).
  let head = 0;
  // Pending reads learn that something came (or the end) and look again: a second reader may have taken it.
  let waiting: (() => void)[] = [];
  // Whether a waiting read takes single values (woken at once) or batches (woken as `defer` allows).
  let valueReaders = 0;
  let wakeScheduled = false;
  let closed = false;

  const wakeAll = (): void => {
    wakeScheduled = false;
    if (waiting.length === 0) return;
    const readers = waiting;
    waiting = [];
    valueReaders = 0;
    for (const reader of readers) reader();
  };
  const push = (value: T): void => {
    if (closed) return;
    buffer.push(value);
    if (waiting.length === 0) return;
    if (defer === undefined || valueReaders > 0 || buffer.length - head >= highWater) wakeAll();
    else if (!wakeScheduled) {
      wakeScheduled = true;
      defer(wakeAll);
    }
  };
  const close = (): void => {
    if (closed) return;
    closed = true;
    wakeAll();
  };
  const arrived = (forValue: boolean): Promise<void> =>
    new Promise((resolve) => {
      if (forValue) valueReaders += 1;
      waiting.push(resolve);
    });
  const done: IteratorReturnResult<undefined> = { value: undefined, done: true };

  const take = (): T => {
    const value = buffer[head] as T;
    head += 1;
    if (head === buffer.length) {
      buffer = [];
      head = 0;
    }
    return value;
  };
  const next = async (): Promise<IteratorResult<T>> => {
    while (head === buffer.length && !closed) await arrived(true);
    return head < buffer.length ? { value: take(), done: false } : done;
  };
  const takeAll = (): T[] => {
    const batch = head === 0 ? buffer : buffer.slice(head);
    buffer = [];
    head = 0;
    return batch;
  };
  const nextBatch = async (): Promise<IteratorResult<readonly T[]>> => {
    while (head === buffer.length && !closed) await arrived(false);
    return head < buffer.length ? { value: takeAll(), done: false } : done;
  };
  // Breaking out of a for-await must not close the producer's side: the run goes on regardless.
  const stop = (): Promise<IteratorReturnResult<undefined>> => Promise.resolve(done);

  return {
    push,
    close,
    [Symbol.asyncIterator]: () => ({ next, return: stop }),
    batches: { [Symbol.asyncIterator]: () => ({ next: nextBatch, return: stop }) },
  };
}
