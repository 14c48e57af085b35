// Pure: reads an async stream but stops at once on abort. No timers, no I/O.

/** Thrown by `readStream` when `signal` aborts; the caller tells cancel from failure by `signal.aborted`. */
export class StreamAbortedError extends Error {
  override readonly name = 'StreamAbortedError';
  constructor() {
    super('The stream was aborted.');
  }
}

/**
 * Calls `onValue` for each value of `stream` until it ends. Races every read against `signal`, so a
 * stream that ignores its signal cannot hang the caller: on abort it rejects with `StreamAbortedError`
 * and asks the stream to stop (`return()`), swallowing whatever the abandoned read does later.
 */
export async function readStream<T>(
  stream: AsyncIterable<T>,
  signal: AbortSignal,
  onValue: (value: T) => void,
): Promise<void> {
  const iterator = stream[Symbol.asyncIterator]();
  let removeListener = (): void => {};
  const aborted = new Promise<'aborted'>((resolve) => {
    if (signal.aborted) {
      resolve('aborted');
      return;
    }
    const listener = (): void => resolve('aborted');
    signal.addEventListener('abort', listener, { once: true });
    removeListener = () => signal.removeEventListener('abort', listener);
  });
  try {
    for (;;) {
      if (signal.aborted) throw new StreamAbortedError();
      const read = iterator.next();
      // The read may settle after an abort, when nobody listens any more: never let it go unhandled.
      read.catch(() => {});
      const next = await Promise.race([read, aborted]);
      if (next === 'aborted') {
        iterator.return?.()?.catch(() => {});
        throw new StreamAbortedError();
      }
      if (next.done === true) return;
      onValue(next.value);
    }
  } finally {
    removeListener();
  }
}
