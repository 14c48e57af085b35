// Pure: the EXECUTE and COMMIT phases — the round's calls answered, the budgets counted, the results committed.
import type { Message } from '../message/message';
import { finalAnswerNote } from '../policies/build-fallback-brief';
import { checkLimits, type LimitHit } from '../policies/limits';
import { buildToolResult, type ToolCallOutcome } from './build-tool-result';
import type { LoopContext, RoundState } from './loop-context';
import type { Requested } from './request-round';
import { recordOutcomes } from './round-policies';
import { endRound, progressOf } from './round-progress';

/** What the round's calls left for DECIDE: a budget reached, a direct-output tool's answer. */
export interface Settled {
  hit?: LimitHit;
  direct?: ToolCallOutcome;
}

/**
 * Answers every call of the reply (starting those not started early), feeds the loop guard and the
 * duplicate tracker, checks the budgets, and commits the results in the model's order as one user
 * message — with the note asking for a final answer when a budget was reached and the at-limit
 * behaviour is `final-answer`. Closes the round (`round-end`). A reply without tool calls is settled at once
 * (no promise).
 */
export function settleRound(context: LoopContext, round: RoundState, requested: Requested): Settled | Promise<Settled> {
  if (requested.response.toolCalls.length > 0) return commitResults(context, round, requested);
  // Its cancel scope still listens to the run's signal: a long run of `pause_turn` replies would pile them up.
  requested.executor.release();
  endRound(context, round.round);
  return {};
}

async function commitResults(context: LoopContext, round: RoundState, requested: Requested): Promise<Settled> {
  const { policies, policyState, signal, wall } = context;
  const { toolCalls } = requested.response;
  const outcomes = await requested.executor.settle(toolCalls);
  let hit = recordOutcomes(policyState, toolCalls, outcomes, requested.executor.signatureOf);
  if (!signal.aborted) hit ??= checkLimits(policies.limits, progressOf(context)) ?? wall.hit();
  const direct = outcomes.find(
    (outcome) => outcome.status === 'ok' && policies.directOutputTools.includes(outcome.name),
  );
  const note = hit !== undefined && direct === undefined && policies.atLimit === 'final-answer' && !signal.aborted;
  // Built in place rather than spread from literals: this runs every round.
  const content: Message['content'] = outcomes.map(buildToolResult);
  if (note && hit) content.push({ type: 'text', text: finalAnswerNote(hit.detail) });
  const message: Message = { role: 'user', content };
  context.emit({ type: 'tool-results-commit', at: context.options.environment.now(), round: round.round, message });
  endRound(context, round.round);
  const settled: Settled = {};
  if (hit !== undefined) settled.hit = hit;
  if (direct !== undefined) settled.direct = direct;
  return settled;
}
