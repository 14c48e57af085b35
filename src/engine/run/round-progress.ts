// Pure: small helpers every phase of a round uses — the budgets' view of the run, and closing the round.
import type { RunProgress } from '../policies/limits';
import type { LoopContext } from './loop-context';

/** The run as the budgets see it now (rounds, calls, time, tokens, cost). */
export function progressOf(context: LoopContext): RunProgress {
  const { state, options } = context;
  const progress: RunProgress = {
    round: state.round,
    maxRounds: context.maxRounds,
    toolCalls: context.policyState.toolCalls,
    startedAt: state.startedAt,
    now: options.environment.now(),
    usage: state.usage,
  };
  // Set when present rather than spread from a literal: this runs twice a round.
  if (options.price !== undefined) progress.price = options.price;
  return progress;
}

/** Logs `round-end` for `round`. */
export function endRound(context: LoopContext, round: number): void {
  context.emit({ type: 'round-end', at: context.options.environment.now(), round });
}
