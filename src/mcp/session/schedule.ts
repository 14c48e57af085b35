// The clock of stream resumption and reconnecting, injected so tests drive it without waiting.

/**
 * Starts `run` after `ms` and returns how to cancel it. Injected so tests drive the resumption deadline and the
 * SDK's reconnection delays without waiting.
 */
export type Schedule = (run: () => void, ms: number) => () => void;

/** The real clock's `Schedule`. */
export const scheduleWithTimers: Schedule = (run, ms) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};
