// The loop's compaction phase (ENGINE-SPEC rule 28): between a round and the follow-up request. Pure orchestration.
import { compactHistory, findCompactionTrigger } from '../compaction/compact-history';
import { estimateRequestTokens } from '../../shared/estimate-tokens';
import { applyCompaction, findActiveCompaction } from '../compaction/fold-sent-history';
import type { RunEvent } from '../event/run-event';
import type { ModelRequest, Usage } from '../model/model';
import { foldHistory } from '../transcript/fold-history';
import type { LoopPolicies } from '../../shared/loop-policies';
import type { RunOptions } from './run-options';

/** What the compaction phase needs from the loop. */
export interface CompactionStep {
  options: RunOptions;
  /** The run's policies: `compaction`, and `modelIdleTimeoutMs` for the summary call. */
  policies: LoopPolicies;
  events: readonly RunEvent[];
  emit: (event: RunEvent) => void;
  /** The next request without its messages. */
  base: Omit<ModelRequest, 'messages'>;
  /** The round that just ended; the compaction is recorded on it. */
  round: number;
  signal: AbortSignal;
}

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };
const formatTokens = (tokens: number): string => `~${tokens.toLocaleString('en-US')}`;

/**
 * Compacts the history when the policy's trigger fires, emitting `history-compact` and a `policy-act` whose
 * detail starts with "Compacted"; a failure emits a `policy-act` saying why and changes nothing. Returns the
 * summariser's usage (to add to the run's; zero when it was not called). Never throws; a cancel shows in `signal`.
 */
export async function compactBeforeRequest(step: CompactionStep): Promise<Usage> {
  const { options, events, emit, base, round, signal } = step;
  const policy = step.policies.compaction;
  if (policy.mode === 'off') return NO_USAGE;
  const full = foldHistory(events);
  const active = findActiveCompaction(events);
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
      ms: step.policies.modelIdleTimeoutMs,
      setTimer: (callback, ms) => options.environment.setTimer(callback, ms),
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
