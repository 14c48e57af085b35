// The loop's compaction phase (ENGINE-SPEC rule 28): between a round and the follow-up request. Pure orchestration.
import { compactHistory, findCompactionTrigger, type CompactionInput } from '../compaction/compact-history';
import { estimateRequestTokens } from '../../shared/estimate-tokens';
import { applyCompaction } from '../compaction/fold-sent-history';
import type { PlannedCompaction } from '../debug/pause-point';
import type { Usage } from '../model/model';
import type { LoopContext, RoundState } from './loop-context';
import { sumUsage } from './sum-usage';

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };
const formatTokens = (tokens: number): string => `~${tokens.toLocaleString('en-US')}`;

/**
 * The COMPACT phase before `next`'s request (a follow-up): when the policy's trigger fires, plans the compaction
 * (the summary, if any, is made now), holds it at the debugger's `before-compaction` point, then applies it as
 * planned or with the summary a person edited there — emitting `history-compact` and a `policy-act` whose detail
 * starts with "Compacted" — or skips it ("Compaction skipped…"). A failure emits a `policy-act` saying why and
 * changes nothing. The summariser's usage counts in the run's. Never throws; returns `aborted` when the run was
 * cancelled meanwhile (at the pause too: the history is then unchanged). With compaction off it answers at once,
 * not through a promise.
 */
export function compactRound(context: LoopContext, next: RoundState): CompactionStep | Promise<CompactionStep> {
  // Off (the default): nothing to build or wait for, every round — no async step (its frames and promises
  // were about 0.9 KB a round) and no microtask hop before the next request.
  if (context.policies.compaction.mode === 'off') return endCompaction(context, next, NO_USAGE);
  return compact(context, next).then((usage) => endCompaction(context, next, usage));
}

/** What the loop does after the COMPACT phase: go on to the request, or end the run as cancelled. */
export type CompactionStep = 'aborted' | 'done';

function endCompaction(context: LoopContext, next: RoundState, usage: Usage): CompactionStep {
  // A resumed run held at this compaction whose pause did not come again must not keep other pauses waiting.
  context.debug.releaseCompaction(next.round - 1);
  context.state.usage = sumUsage(context.state.usage, usage);
  return context.signal.aborted ? 'aborted' : 'done';
}

async function compact(context: LoopContext, next: RoundState): Promise<Usage> {
  const { options, emit } = context;
  const policy = context.policies.compaction;
  // compactRound answered 'off' already; this narrows the mode for what follows.
  if (policy.mode === 'off') return NO_USAGE;
  const base = { ...context.state.base, tools: next.offered };
  // Recorded on the round that just ended: the next round's card does not exist yet.
  const round = next.round - 1;
  const signal = context.wall.signal;
  const { full, active } = context.compactionView();
  const tokens = estimateRequestTokens({ ...base, messages: applyCompaction(full, active) }).total;
  const trigger = findCompactionTrigger(policy, tokens, options.contextWindow, round);
  if (trigger === undefined) return NO_USAGE;
  const now = (): number => options.environment.now();
  const because =
    trigger === 'threshold'
      ? `the request (${formatTokens(tokens)} tokens) passed ${policy.thresholdPercent}% of the ${(options.contextWindow ?? 0).toLocaleString('en-US')}-token context window`
      : `every ${policy.everyRounds} rounds`;
  const failed = (reason: string): void =>
    emit({
      type: 'policy-act',
      at: now(),
      round,
      policy: 'compaction',
      detail: `Compaction failed: ${reason}. The history is unchanged and the run goes on (${because}).`,
    });
  // A run resumed at this compaction's pause shows the summary it was showing, not a new one.
  const announced = context.debug.announcedCompaction(round);
  const input: CompactionInput = {
    full,
    active,
    base,
    policy,
    contextWindow: options.contextWindow,
    trigger,
    model: options.model,
    signal,
    idle: context.modelIdle,
    ...(announced?.summary === undefined ? {} : { summary: announced.summary }),
  };
  const outcome = await compactHistory(input);
  const spent = outcome.usage ?? announced?.usage ?? NO_USAGE;
  if (signal.aborted) return spent;
  if (outcome.kind === 'failed') {
    failed(outcome.reason);
    return spent;
  }
  const { kind: _kind, usage: _usage, ...planned } = outcome;
  const plan: PlannedCompaction = {
    mode: policy.mode,
    trigger,
    because,
    tokensBefore: planned.tokensBefore,
    tokensAfter: planned.tokensAfter,
    trimmedResults: planned.trimmedResults,
    summarisedMessages: planned.summarisedMessages,
    ...(planned.summary === undefined ? {} : { summary: planned.summary }),
    ...(spent === NO_USAGE ? {} : { usage: spent }),
  };
  const verdict = await context.debug.beforeCompaction(round, plan);
  if (verdict.kind === 'stopped' || signal.aborted) return spent;
  if (verdict.kind === 'skip') {
    emit({
      type: 'policy-act',
      at: now(),
      round,
      policy: 'compaction',
      detail: `Compaction skipped at a pause: the history is unchanged (it would have gone ${formatTokens(plan.tokensBefore)} → ${formatTokens(plan.tokensAfter)} tokens; ${because}).`,
    });
    return spent;
  }
  let made = planned;
  if (verdict.kind === 'apply-edited') {
    if (verdict.summary.trim() === '') {
      failed('the edited summary is empty');
      return spent;
    }
    const edited = await compactHistory({ ...input, summary: verdict.summary });
    if (edited.kind === 'failed') {
      failed(`with the edited summary, ${edited.reason}`);
      return spent;
    }
    const { kind: _editedKind, usage: _editedUsage, ...rest } = edited;
    made = rest;
  }
  emit({
    type: 'history-compact',
    at: now(),
    round,
    mode: policy.mode,
    trigger,
    ...made,
    ...(spent === NO_USAGE ? {} : { usage: spent }),
  });
  const what = [
    ...(made.trimmedResults > 0
      ? [`trimmed ${made.trimmedResults} old tool result${made.trimmedResults === 1 ? '' : 's'}`]
      : []),
    ...(made.summarisedMessages > 0 ? [`summarised ${made.summarisedMessages} old messages`] : []),
  ].join(' and ');
  const edited = verdict.kind === 'apply-edited' ? ' The summary was edited at a pause.' : '';
  emit({
    type: 'policy-act',
    at: now(),
    round,
    policy: 'compaction',
    detail: `Compacted: ${what}, ${formatTokens(made.tokensBefore)} → ${formatTokens(made.tokensAfter)} tokens (${because}).${edited}${made.summary === undefined ? '' : ` Summary: ${made.summary}`}`,
  });
  return spent;
}
