// Pure: reads an async stream but stops at once on abort or when it goes silent. Timers are injected; no I/O.
import { describeDuration } from '../../shared/describe-duration';
import type { AbortSource } from './cancel-scope';

/** Thrown by `readStream` when `signal` aborts; the caller tells cancel from failure by `signal.aborted`. */
export class StreamAbortedError extends Error {
  override readonly name = 'StreamAbortedError';
  constructor() {
    super('The stream was aborted.');
  }
}

/** Thrown by `readStream` when no value arrived for `idleMs`. */
export class StreamIdleError extends Error {
  override readonly name = 'StreamIdleError';
  constructor(readonly idleMs: number) {
    super(
      `The model sent nothing for ${describeDuration(idleMs)}, so the reply was stopped (the stream idle timeout in Loop policies).`,
    );
  }
}

/** An idle timeout for `readStream`: `ms` without a value ends the read; `setTimer` as in `RunEnvironment`. */
export interface StreamIdleTimeout {
  ms: number;
  setTimer(callback: () => void, ms: number): () => void;
  /**
   * The clock `setTimer` runs on. With it one timer serves the whole stream — when it fires after a value
   * came, it is set again for what is left of the quiet time — instead of a timer set and cleared per value.
   */
  now?: () => number;
}

/**
 * Calls `onValue` for each value of `stream` until it ends. Races every read against `signal` (and the
 * `idle` timer, restarted by every value), so a stream that ignores its signal or goes silent cannot hang
 * the caller: on abort it rejects with `StreamAbortedError`, on silence with `StreamIdleError`, and asks
 * the stream to stop (`return()`), swallowing whatever the abandoned read does later. An abort that comes
 * while `onValue` runs is seen before the next read: it rejects without `return()`, as no read is pending.
 */
export function readStream<T>(
  stream: AsyncIterable<T>,
  signal: AbortSource,
  onValue: (value: T) => void,
  idle?: StreamIdleTimeout,
): Promise<void> {
  // Driven by two handlers made once per stream (`next().then(onResult, onError)`), not by an `await` on a
  // new race promise per value: values come in the thousands, and a promise, its resolvers and the await
  // per value were the engine's largest allocation per round.
  return new Promise<void>((resolve, reject) => {
    const iterator = stream[Symbol.asyncIterator]();
    let settled = false;
    // A read is pending: an abort or the silence ends the stream at once (otherwise at the next read).
    let reading = false;
    let idleFired = false;
    let cancelIdle = (): void => {};
    const clock = idle?.now;
    // When the quiet time started: the end of the last value's handling, as a new read then begins.
    let quietSince = 0;

    // Ends the read once: no timer or listener left behind, whatever comes later is dropped.
    const close = (): boolean => {
      if (settled) return false;
      settled = true;
      cancelIdle();
      signal.removeEventListener('abort', onAbort);
      return true;
    };
    const fail = (error: unknown): void => {
      // Passes on whatever the stream or `onValue` threw, as it was thrown (an awaiting reader would too).
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      if (close()) reject(error);
    };
    const interrupt = (why: 'aborted' | 'idle'): void => {
      // A `return()` that throws fails the read with its error, as an awaiting reader would have.
      try {
        iterator.return?.()?.catch(() => {});
      } catch (error) {
        return fail(error);
      }
      fail(why === 'idle' && idle !== undefined ? new StreamIdleError(idle.ms) : new StreamAbortedError());
    };
    const onAbort = (): void => {
      if (reading) interrupt('aborted');
    };
    const onIdle = (): void => {
      idleFired = true;
      if (reading) interrupt('idle');
    };
    // With a clock, one timer serves the whole stream (set again for what is left when a value came since).
    const arm = (ms: number): void => {
      if (idle === undefined || clock === undefined) return;
      cancelIdle = idle.setTimer(() => {
        const quiet = clock() - quietSince;
        if (quiet >= idle.ms) onIdle();
        else arm(idle.ms - quiet);
      }, ms);
    };
    // Both handlers attached to every read: a read that fails after an abort is never an unhandled rejection.
    const onResult = (result: IteratorResult<T>): void => {
      reading = false;
      if (settled) return;
      if (clock === undefined) cancelIdle();
      if (result.done === true) {
        if (close()) resolve();
        return;
      }
      try {
        onValue(result.value);
      } catch (error) {
        return fail(error);
      }
      if (clock !== undefined) quietSince = clock();
      read();
    };
    const onError = (error: unknown): void => {
      reading = false;
      fail(error);
    };
    const read = (): void => {
      if (signal.aborted) return fail(new StreamAbortedError());
      if (idleFired) return interrupt('idle');
      if (idle !== undefined && clock === undefined) cancelIdle = idle.setTimer(onIdle, idle.ms);
      reading = true;
      // A `next()` that throws (or returns no promise) fails the read as a rejected one would.
      try {
        iterator.next().then(onResult, onError);
      } catch (error) {
        onError(error);
      }
    };

    if (signal.aborted) return fail(new StreamAbortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    if (clock !== undefined) {
      quietSince = clock();
      arm(idle?.ms ?? 0);
    }
    read();
  });
}
