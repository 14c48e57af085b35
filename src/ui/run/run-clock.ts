// The run's clock: wall time from start, less the time held at pauses, so a paused run reads stopped.
import type { RunView } from '../../store/run-view';

type Clock = { [K in 'startedAt' | 'endedAt' | 'pause' | 'pausedMs']?: RunView[K] | undefined };

/** The instant the clock reads at: the end, the start of the pause being held, or now. */
export function clockInstant(view: Clock, now: number): number {
  return view.endedAt ?? view.pause?.at ?? now;
}

/** Elapsed run time (ms) without the pauses, or undefined before the run starts. */
export function runElapsed(view: Clock, now: number): number | undefined {
  if (view.startedAt === undefined) return undefined;
  return Math.max(0, clockInstant(view, now) - view.startedAt - (view.pausedMs ?? 0));
}
