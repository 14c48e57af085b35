// How the task test servers pace a task's steps: each step waits for the test's `release`, or, given `stepMs`,
// for a timer.

/** Pacing of the steps: `release` from the test, or a timer. */
export interface Pacing {
  /** Resolves when the next step may run. */
  next(): Promise<void>;
}

/** Steps that wait `stepMs` each, or (without it) until `release` lets every waiting step go. */
export function createStepPacing(stepMs: number | undefined): { pacing: Pacing; release: () => void } {
  let waiting: (() => void)[] = [];
  const pacing: Pacing = {
    next: () =>
      stepMs === undefined
        ? new Promise<void>((resolve) => waiting.push(resolve))
        : new Promise<void>((resolve) => setTimeout(resolve, stepMs)),
  };
  const release = () => {
    const now = waiting;
    waiting = [];
    for (const resolve of now) resolve();
  };
  return { pacing, release };
}
