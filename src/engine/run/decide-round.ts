// Pure: the DECIDE phase — after a round, the run ends (cancel, direct output, a budget, a natural stop) or goes on.
import type { FinishReason } from '../event/run-event';
import type { StopReason } from '../model/model';
import { finishAtLimit } from './finish-at-limit';
import type { LoopContext, RoundState } from './loop-context';
import type { Requested } from './request-round';
import type { RunResult } from './run-options';
import type { Settled } from './settle-round';

/**
 * In order: a reply cut by the wall time ends at that limit with nothing more spent; a cancel ends
 * `aborted`; a direct-output tool's result is the answer; a budget reached applies the at-limit behaviour;
 * tool calls or `pause_turn` go on (`'continue'`); any other reply is the natural end. Only the at-limit
 * behaviour is waited for (a promise); every other decision comes at once.
 */
export function decideRound(
  context: LoopContext,
  round: RoundState,
  { response }: Requested,
  { hit, direct }: Settled,
): RunResult | 'continue' | Promise<RunResult> {
  const { signal, wall, finish } = context;
  // Cut by the wall time itself (not a cancel): nothing is left to spend on a final answer.
  const cut = response.kind === 'cancelled' && !signal.aborted ? wall.hit() : undefined;
  if (cut) return finishAtLimit({ ...context, policies: { ...context.policies, atLimit: 'stop' } }, cut);
  if (response.kind === 'cancelled' || signal.aborted) return finish('aborted');
  if (direct !== undefined) {
    context.emit({
      type: 'policy-act',
      at: context.options.environment.now(),
      round: round.round,
      policy: 'direct-output',
      callId: direct.callId,
      detail: `'${direct.name}' is marked direct output: its result is the answer.`,
    });
    return finish('direct-output');
  }
  if (hit !== undefined) return finishAtLimit(context, hit);
  if (response.toolCalls.length > 0 || response.stopReason === 'pause_turn') return 'continue';
  return finish(naturalFinish(response.stopReason));
}

function naturalFinish(stopReason: StopReason | null): FinishReason {
  switch (stopReason) {
    case 'stop_sequence':
    case 'refusal':
    case 'max_tokens':
      return stopReason;
    default:
      return 'end_turn';
  }
}
