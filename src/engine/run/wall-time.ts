// Pure: the run's wall-time budget enforced mid-call and mid-stream (ENGINE-SPEC rule 7). Timers come from RunEnvironment.
import { describeDuration } from '../../shared/describe-duration';
import type { LimitHit } from '../policies/limits';
import { createCancelScope, type AbortSource } from './cancel-scope';
import type { RunEnvironment } from './run-options';

/** The abort reason when the run's wall time runs out; tells a budget stop from a person's cancel. */
export class WallTimeAbort {
  readonly kind = 'wall-time';
  constructor(readonly limitMs: number) {}
}

/** Whether an abort `reason` is the run's wall time running out (not a cancel). */
export function isWallTimeAbort(reason: unknown): reason is WallTimeAbort {
  return reason instanceof WallTimeAbort;
}

/** The run's signal plus its wall-time deadline. */
export interface WallClock {
  /** Aborts when the run's signal does (same reason) or when the wall time runs out (`WallTimeAbort`). */
  readonly signal: AbortSignal;
  /**
   * The same cancel as `signal`, as a light `AbortSource` for the engine's own listeners (a round's calls,
   * a model stream's): adding and removing its listeners costs a set, not an `EventTarget`, every round.
   */
  readonly source: AbortSource;
  /** Whether the deadline has passed (the run's own cancel does not count). */
  reached(): boolean;
  /** The wall-time limit hit once the deadline has passed; undefined before. */
  hit(): LimitHit | undefined;
  /** Stops the timer and the link to the run's signal. */
  dispose(): void;
}

/**
 * Arms the deadline `startedAt + limitMs` (none when `limitMs` is undefined). Model streams and tool calls
 * listen to `signal`, so the budget stops them where they are instead of waiting for the round to end.
 */
export function armWallTime(
  limitMs: number | undefined,
  startedAt: number,
  environment: RunEnvironment,
  runSignal: AbortSignal,
): WallClock {
  // One listener on the run's signal for the whole run; the signal follows the scope (it aborts first).
  const scope = createCancelScope(runSignal);
  const controller = new AbortController();
  let reached = false;
  if (scope.aborted) controller.abort(scope.reason);
  else scope.addEventListener('abort', () => controller.abort(scope.reason));
  const fire = (): void => {
    reached = true;
    scope.abort(new WallTimeAbort(limitMs ?? 0));
  };
  let cancelTimer = (): void => {};
  if (limitMs !== undefined) {
    const left = startedAt + limitMs - environment.now();
    if (left <= 0) fire();
    else cancelTimer = environment.setTimer(fire, left);
  }
  return {
    signal: controller.signal,
    source: scope,
    reached: () => reached,
    hit: () => (reached && limitMs !== undefined ? wallTimeHit(limitMs) : undefined),
    dispose() {
      cancelTimer();
      scope.dispose();
    },
  };
}

/** The limit hit the loop reports once the wall time ran out mid-call or mid-stream. */
export function wallTimeHit(limitMs: number): LimitHit {
  return { limit: 'wall-time', value: limitMs, detail: `${describeDuration(limitMs)} of wall time` };
}
