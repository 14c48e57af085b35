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
 * the stream to stop (`return()`), swallowing whatever the abandoned read does later.
 */
export async function readStream<T>(
  stream: AsyncIterable<T>,
  signal: AbortSource,
  onValue: (value: T) => void,
  idle?: StreamIdleTimeout,
): Promise<void> {
  const iterator = stream[Symbol.asyncIterator]();
  // One race per read, settled by whichever comes first: the read, the abort or the silence. Cheaper than a
  // `Promise.race` per value, which subscribes to all three every time (values come in the thousands).
  let interrupted: 'aborted' | 'idle' | undefined;
  let interrupt: ((why: 'aborted' | 'idle') => void) | undefined;
  const stop = (why: 'aborted' | 'idle'): void => {
    interrupted ??= why;
    interrupt?.(why);
  };
  const onAbort = (): void => stop('aborted');
  if (signal.aborted) interrupted = 'aborted';
  else signal.addEventListener('abort', onAbort, { once: true });
  let cancelIdle = (): void => {};
  const clock = idle?.now;
  // When the quiet time started: the end of the last value's handling, as a new read then begins.
  let quietSince = clock?.() ?? 0;
  // With a clock, one timer serves the whole stream (set again for what is left when a value came since).
  const arm = (ms: number): void => {
    if (idle === undefined || clock === undefined) return;
    cancelIdle = idle.setTimer(() => {
      const quiet = clock() - quietSince;
      if (quiet >= idle.ms) stop('idle');
      else arm(idle.ms - quiet);
    }, ms);
  };
  if (idle !== undefined) arm(idle.ms);
  try {
    for (;;) {
      if (signal.aborted) throw new StreamAbortedError();
      if (interrupted === undefined && idle !== undefined && clock === undefined)
        cancelIdle = idle.setTimer(() => stop('idle'), idle.ms);
      const next =
        interrupted ??
        (await new Promise<IteratorResult<T> | 'aborted' | 'idle'>((resolve, reject) => {
          interrupt = resolve;
          // Both handlers attached: a read that fails after an abort is never an unhandled rejection.
          iterator.next().then(resolve, reject);
        }));
      interrupt = undefined;
      if (clock === undefined) cancelIdle();
      if (next === 'aborted' || next === 'idle') {
        iterator.return?.()?.catch(() => {});
        throw next === 'idle' && idle !== undefined ? new StreamIdleError(idle.ms) : new StreamAbortedError();
      }
      if (next.done === true) return;
      onValue(next.value);
      if (clock !== undefined) quietSince = clock();
    }
  } finally {
    cancelIdle();
    signal.removeEventListener('abort', onAbort);
  }
}
