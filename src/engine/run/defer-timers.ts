// Pure: timers armed only when they may be needed. The real timers and the deferral come from RunEnvironment.
import type { RunEnvironment } from './run-options';

interface Waiting {
  callback: () => void;
  dueAt: number;
  cancel?: () => void;
}

/**
 * `environment` with timers armed lazily: a timer set now is armed once the current burst of work is over
 * (`environment.defer`), for what is left of its time, and only if it was not cancelled first. Most of the
 * loop's timers — a tool call's timeout, a model stream's idle timeout — are cancelled moments after they
 * are set, when the call or the stream ends; made so, a call that answers within the burst costs no timer
 * at all, and one that does not still times out when it is due. Without `defer`, `environment` as it is.
 */
export function deferTimers(environment: RunEnvironment): RunEnvironment {
  const { defer } = environment;
  if (defer === undefined) return environment;
  // Timers set since the last deferral, not yet armed (a cancelled one leaves at once: nothing it holds is kept).
  let waiting = new Set<Waiting>();
  let deferred = false;
  const armWaiting = (): void => {
    const due = waiting;
    waiting = new Set();
    deferred = false;
    const now = environment.now();
    for (const timer of due) timer.cancel = environment.setTimer(timer.callback, Math.max(0, timer.dueAt - now));
  };
  // The clock and ids as they are (no wrapper per call: the loop reads the clock for every event).
  return {
    ...environment,
    setTimer(callback, ms) {
      const timer: Waiting = { callback, dueAt: environment.now() + ms };
      waiting.add(timer);
      if (!deferred) {
        deferred = true;
        defer(armWaiting);
      }
      return () => {
        waiting.delete(timer);
        timer.cancel?.();
      };
    },
  };
}
