// The loop's compaction phase (ENGINE-SPEC rule 28): between a round and the follow-up request. Pure orchestration.
import { compactHistory, findCompactionTrigger } from '../compaction/compact-history';
import { estimateRequestTokens } from '../../shared/estimate-tokens';
import { applyCompaction } from '../compaction/fold-sent-history';
import type { Usage } from '../model/model';
import type { LoopContext, RoundState } from './loop-context';
import { sumUsage } from './sum-usage';

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };
const formatTokens = (tokens: number): string => `~${tokens.toLocaleString('en-US')}`;

/**
 * The COMPACT phase before `next`'s request (a follow-up): when the policy's trigger fires, compacts the history,
 * emitting `history-compact` and a `policy-act` whose detail starts with "Compacted"; a failure emits a
 * `policy-act` saying why and changes nothing. The summariser's usage counts in the run's. Never throws;
 * returns `aborted` when the run was cancelled meanwhile (the history is then unchanged).
 */
export async function compactRound(context: LoopContext, next: RoundState): Promise<'aborted' | 'done'> {
  const usage = await compact(context, next);
  context.state.usage = sumUsage(context.state.usage, usage);
  return context.signal.aborted ? 'aborted' : 'done';
}

async function compact(context: LoopContext, next: RoundState): Promise<Usage> {
  const { options, emit } = context;
  const base = { ...context.state.base, tools: next.offered };
  // Recorded on the round that just ended: the next round's card does not exist yet.
  const round = next.round - 1;
  const signal = context.wall.signal;
  const policy = context.policies.compaction;
  if (policy.mode === 'off') return NO_USAGE;
  const { full, active } = context.compactionView();
  const tokens = estimateRequestTokens({ ...base, messages: applyCompaction(full, active) }).total;
  const trigger = findCompactionTrigger(policy, tokens, options.contextWindow, round);
  if (trigger === undefined) return NO_USAGE;
  const now = (): number => options.environment.now();
  const outcome = await compactHistory({
    full,
    active,
    base,
    policy,
    contextWindow: options.contextWindow,
    trigger,
    model: options.model,
    signal,
    idle: {
      ms: context.policies.modelIdleTimeoutMs,
      setTimer: (callback, ms) => options.environment.setTimer(callback, ms),
      now: () => options.environment.now(),
    },
  });
  if (signal.aborted) return outcome.usage ?? NO_USAGE;
  const because =
    trigger === 'threshold'
      ? `the request (${formatTokens(tokens)} tokens) passed ${policy.thresholdPercent}% of the ${(options.contextWindow ?? 0).toLocaleString('en-US')}-token context window`
      : `every ${policy.everyRounds} rounds`;
  if (outcome.kind === 'failed') {
    emit({
      type: 'policy-act',
      at: now(),
      round,
      policy: 'compaction',
      detail: `Compaction failed: ${outcome.reason}. The history is unchanged and the run goes on (${because}).`,
    });
    return outcome.usage ?? NO_USAGE;
  }
  const { kind: _kind, ...made } = outcome;
  emit({ type: 'history-compact', at: now(), round, mode: policy.mode, trigger, ...made });
  const what = [
    ...(made.trimmedResults > 0
      ? [`trimmed ${made.trimmedResults} old tool result${made.trimmedResults === 1 ? '' : 's'}`]
      : []),
    ...(made.summarisedMessages > 0 ? [`summarised ${made.summarisedMessages} old messages`] : []),
  ].join(' and ');
  emit({
    type: 'policy-act',
    at: now(),
    round,
    policy: 'compaction',
    detail: `Compacted: ${what}, ${formatTokens(made.tokensBefore)} → ${formatTokens(made.tokensAfter)} tokens (${because}).${made.summary === undefined ? '' : ` Summary: ${made.summary}`}`,
  });
  return made.usage ?? NO_USAGE;
}
