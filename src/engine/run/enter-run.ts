// Pure: where a run's first round enters the loop — a new run prepares it, a resumed run re-enters where it was cut.
import { repairHistory } from '../message/repair-history';
import type { RunResult } from './run-options';
import type { LoopContext, RoundState } from './loop-context';
import type { ResumePlan } from './resume-run';

/**
 * Starts the run. A new run logs `run-start` (with the repaired starting history) and its first round is
 * prepared like any other (`'prepare'`). A resumed run (`plan`) logs only what closes the cut, then:
 * ends (the cut left nothing to do), prepares a fresh round (`'prepare'`, cut before its request), or
 * re-enters its round as it stood — at its open pause, or settling its calls again — with the round's
 * logged reply in place of a new model call.
 */
export function enterRun(context: LoopContext, plan: ResumePlan | undefined): RoundState | 'prepare' | RunResult {
  const { options, state, emit } = context;
  if (plan === undefined) {
    emit({
      type: 'run-start',
      at: options.environment.now(),
      runId: state.runId,
      ...(options.system === undefined ? {} : { system: options.system }),
      tools: state.base.tools,
      messages: repairHistory([...options.history, ...(options.userMessage ? [options.userMessage] : [])]).messages,
      maxRounds: context.maxRounds,
      ...(options.price === undefined ? {} : { price: options.price }),
    });
    return 'prepare';
  }
  context.policyState.toolCalls = plan.toolCalls;
  // A run cut while working closes what the cut left open, then ends or starts its round afresh (resume-run.ts).
  for (const event of plan.closing) emit(event);
  if (typeof plan.entry === 'object') return context.finish(plan.entry.finish);
  // Held before a compaction (between rounds): the next round is prepared again and its compaction pauses again.
  if (plan.entry === 'request' || plan.pause?.kind === 'before-compaction') {
    state.round = plan.round - 1;
    return 'prepare';
  }
  state.round = plan.round;
  return {
    round: plan.round,
    offered: state.base.tools,
    announce: false,
    ...(plan.reply === undefined ? {} : { reply: { ...plan.reply, afterReply: plan.pause?.kind === 'after-reply' } }),
    recorded: plan.recorded,
    cutShort: plan.entry === 'settle',
  };
}
