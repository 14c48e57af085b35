// Pure: which budget a run has reached, between rounds (ENGINE-SPEC rule 7). No I/O, no clock of its own.
import type { LimitKind } from '../event/run-event';
import type { Usage } from '../model/model';
import type { ModelPrice } from '../model/model-capabilities';
import { computeUsageCost, totalTokens } from './compute-usage-cost';
import { hasEndingBudget, type LoopLimits } from '../../shared/loop-policies';

/** A reached budget: which, its setting, and the reason in plain words. */
export interface LimitHit {
  limit: LimitKind;
  value: number;
  detail: string;
}

/** What the budgets are checked against. */
export interface RunProgress {
  round: number;
  maxRounds: number;
  toolCalls: number;
  startedAt: number;
  now: number;
  usage: Usage;
  price?: ModelPrice;
}

/**
 * The first budget `progress` has reached, in the order rounds, tool calls, wall time, tokens, cost; or
 * undefined. A reached budget means: no further tool round (the at-limit behaviour follows). Rounds do not count
 * when `limits.noRoundLimit` is set and another budget ends the run (`hasEndingBudget`).
 */
export function checkLimits(limits: LoopLimits, progress: RunProgress): LimitHit | undefined {
  const roundsCount = limits.noRoundLimit !== true || !hasEndingBudget(limits, progress.price !== undefined);
  if (roundsCount && progress.round >= progress.maxRounds) {
    return { limit: 'rounds', value: progress.maxRounds, detail: `${progress.maxRounds} rounds` };
  }
  if (limits.maxToolCalls !== undefined && progress.toolCalls >= limits.maxToolCalls) {
    return { limit: 'tool-calls', value: limits.maxToolCalls, detail: `${limits.maxToolCalls} tool calls` };
  }
  if (limits.wallTimeMs !== undefined && progress.now - progress.startedAt >= limits.wallTimeMs) {
    return { limit: 'wall-time', value: limits.wallTimeMs, detail: `${limits.wallTimeMs} ms of wall time` };
  }
  const tokens = totalTokens(progress.usage);
  if (limits.maxTotalTokens !== undefined && tokens >= limits.maxTotalTokens) {
    return { limit: 'tokens', value: limits.maxTotalTokens, detail: `${tokens} of ${limits.maxTotalTokens} tokens` };
  }
  if (limits.maxCostUsd !== undefined && progress.price !== undefined) {
    const cost = computeUsageCost(progress.usage, progress.price);
    if (cost >= limits.maxCostUsd) {
      return { limit: 'cost', value: limits.maxCostUsd, detail: `$${cost.toFixed(4)} of $${limits.maxCostUsd}` };
    }
  }
  return undefined;
}

/**
 * How many of a round's `requested` calls may run under the tool-call budgets, given `used` calls so far.
 * `reason` says which cap cut the round (the per-round cap lets the loop go on; the run cap is a limit).
 */
export function budgetToolCalls(
  limits: LoopLimits,
  used: number,
  requested: number,
): { allowed: number; cap?: 'round' | 'run' } {
  const leftInRun = limits.maxToolCalls === undefined ? Infinity : Math.max(0, limits.maxToolCalls - used);
  const perRound = limits.maxToolCallsPerRound ?? Infinity;
  const allowed = Math.min(requested, leftInRun, perRound);
  if (allowed >= requested) return { allowed };
  return { allowed, cap: leftInRun <= perRound ? 'run' : 'round' };
}
