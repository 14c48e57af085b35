// The real clock, ids and timers the engine is given inside the worker (the engine itself stays pure).
import type { RunEnvironment } from '../engine/run/run-options';

/** Wall clock, `crypto.randomUUID` ids, `setTimeout` timers and a zero-delay `setTimeout` to defer. */
export function createRunEnvironment(): RunEnvironment {
  return {
    now: () => Date.now(),
    createId: (prefix) => `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`,
    setTimer: (callback, ms) => {
      const handle = setTimeout(callback, ms);
      return () => clearTimeout(handle);
    },
    // The run's events reach the worker's drain in one batch per burst (a zero-delay timer runs after it).
    defer: (callback) => void setTimeout(callback, 0),
  };
}
