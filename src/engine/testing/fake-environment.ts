// Test double for RunEnvironment: a manual clock, timers that fire only when advanced, sequential ids.
import type { RunEnvironment } from '../run/run-options';

/** A deterministic `RunEnvironment` whose clock moves only when told to. */
export interface FakeEnvironment extends RunEnvironment {
  /** Moves the clock forward by `ms`, firing due timers in time order (each sees its own due time). */
  advance(ms: number): void;
  /** How many timers are waiting. */
  pendingTimers(): number;
}

/** Creates a fake environment; the clock starts at `start` (default 1 000 000) and ids are `<prefix>_<n>`. */
export function createFakeEnvironment(start = 1_000_000): FakeEnvironment {
  let time = start;
  let nextId = 0;
  let nextTimer = 0;
  const timers = new Map<number, { dueAt: number; callback: () => void }>();

  return {
    now: () => time,
    createId: (prefix) => `${prefix}_${(nextId += 1)}`,
    setTimer(callback, ms) {
      const id = (nextTimer += 1);
      timers.set(id, { dueAt: time + Math.max(0, ms), callback });
      return () => {
        timers.delete(id);
      };
    },
    advance(ms) {
      const target = time + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.dueAt <= target)
          .sort(([leftId, left], [rightId, right]) => left.dueAt - right.dueAt || leftId - rightId)[0];
        if (!due) break;
        const [id, timer] = due;
        timers.delete(id);
        time = Math.max(time, timer.dueAt);
        timer.callback();
      }
      time = target;
    },
    pendingTimers: () => timers.size,
  };
}
