// The run clock's ticks, kept in step with the store: while the store updates often (a streamed reply, ten a
// second) the clock ticks inside those updates, so a tick shares their render and frame instead of costing a
// frame of its own (at four ticks a second that was a third of a stream's frames); only a quiet store leaves
// the ticking to a timer.

/** A clock that ticks while subscribed; `now` is the time of the latest tick. */
export interface RunClock {
  now: () => number;
  /** Starts ticking, calling `onTick` after each tick; returns the stop. */
  subscribe: (onTick: () => void) => () => void;
}

export interface RunClockOptions {
  /** Subscribes to every update of the store the page renders from; returns the unsubscribe. */
  subscribeToStore: (listener: () => void) => () => void;
  /** The least time between ticks. */
  intervalMs: number;
  /** How long a quiet store may stay quiet past `intervalMs` before the timer ticks (its own update pace). */
  storePaceMs: number;
  clock?: () => number;
}

export function createRunClock({
  subscribeToStore,
  intervalMs,
  storePaceMs,
  clock = Date.now,
}: RunClockOptions): RunClock {
  let now = clock();
  return {
    now: () => now,
    subscribe: (onTick) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const tick = () => {
        now = clock();
        arm();
        onTick();
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(tick, intervalMs + storePaceMs);
      };
      const unsubscribe = subscribeToStore(() => {
        if (clock() - now >= intervalMs) tick();
      });
      // Ticking starts from now (the clock may have stood still since it last ticked).
      now = clock();
      arm();
      return () => {
        clearTimeout(timer);
        unsubscribe();
      };
    },
  };
}
