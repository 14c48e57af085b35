// Pure: plans and builds one compaction of the sent history (ENGINE-SPEC rule 28). Only the model seam does I/O.
import type { CompactionFigures, CompactionTrigger } from './compaction-figures';
import type { Message, TextBlock } from '../message/message';
import { findHistoryProblems } from '../message/find-history-problems';
import { repairHistory } from '../message/repair-history';
import type { Model, ModelRequest, Usage } from '../model/model';
import type { CompactionPolicy } from '../../shared/loop-policies';
import { estimateRequestTokens } from '../../shared/estimate-tokens';
import { findCompactableSpan, type CompactableSpan } from './find-compactable-span';
import type { ActiveCompaction } from './fold-sent-history';
import { summariseSpan } from './summarise-span';
import { trimToolResults } from './trim-tool-results';
import type { StreamIdleTimeout } from '../run/read-stream';

/** Share of the trigger size a compaction aims for, so the next rounds do not compact again at once. */
export const COMPACTION_TARGET_SHARE = 0.6;

/** What one compaction works on. */
export interface CompactionInput {
  /** The full history (`foldHistory`) and the compaction in force over it. */
  full: readonly Message[];
  active: ActiveCompaction | undefined;
  /** The rest of the next request: its size counts against the window too. */
  base: Pick<ModelRequest, 'system' | 'tools' | 'maxTokens'>;
  policy: CompactionPolicy;
  contextWindow: number | undefined;
  trigger: CompactionTrigger;
  /** Makes the summary (used only when the mode summarises). */
  model: Model;
  signal: AbortSignal;
  /** The stream idle timeout of the summary call. */
  idle?: StreamIdleTimeout;
  /**
   * A summary already made (shown at a pause, perhaps edited there): used as is instead of asking `model`, when
   * the mode summarises. The plan is otherwise the same, since the span depends only on the history and policy.
   */
  summary?: string;
}

/** A compaction that was made: what replaces what, and its figures. */
export interface CompactionMade extends CompactionFigures {
  kind: 'compacted';
  prefix: Message[];
  keptFrom: number;
}

export type CompactionOutcome =
  CompactionMade | { kind: 'failed'; reason: string; tokensBefore: number; usage?: Usage };

/**
 * Why to compact before the request after `roundsDone` rounds, or undefined: `every-rounds` when the round count
 * is a multiple of `everyRounds`, `threshold` when `tokens` passes `thresholdPercent` of `contextWindow`.
 */
export function findCompactionTrigger(
  policy: CompactionPolicy,
  tokens: number,
  contextWindow: number | undefined,
  roundsDone: number,
): CompactionTrigger | undefined {
  if (policy.mode === 'off') return undefined;
  if (contextWindow !== undefined && contextWindow > 0 && tokens > (contextWindow * policy.thresholdPercent) / 100)
    return 'threshold';
  if (policy.everyRounds > 0 && roundsDone > 0 && roundsDone % policy.everyRounds === 0) return 'every-rounds';
  return undefined;
}

/**
 * Compacts the sent history under `input.policy`: trim (oldest results first, until the request is at
 * `COMPACTION_TARGET_SHARE` of the trigger size, or all of them when triggered by the round count), summarise
 * (the whole compactable span becomes one summary, appended to the first user message), or both (trim, then
 * summarise when trimming was not enough). Never throws: a summariser that fails, an empty span, a result
 * that is not smaller or not a valid history all give `failed` with the reason, and nothing changes.
 */
export async function compactHistory(input: CompactionInput): Promise<CompactionOutcome> {
  const view =
    input.active === undefined ? [...input.full] : [...input.active.prefix, ...input.full.slice(input.active.keptFrom)];
  const measure = (messages: readonly Message[]): number => estimateRequestTokens({ ...input.base, messages }).total;
  const tokensBefore = measure(view);
  const fail = (reason: string, usage?: Usage): CompactionOutcome => ({
    kind: 'failed',
    reason,
    tokensBefore,
    ...(usage === undefined ? {} : { usage }),
  });
  const problems = findHistoryProblems(view);
  if (problems.length > 0) return fail(`the history has a problem (${problems[0] ?? ''})`);
  const span = findCompactableSpan(view, input.policy.keepRounds);
  if (span === undefined)
    return fail(`nothing is old enough: the current round and the last ${input.policy.keepRounds} are kept`);
  const target =
    input.trigger === 'threshold' && input.contextWindow !== undefined
      ? Math.floor(((input.contextWindow * input.policy.thresholdPercent) / 100) * COMPACTION_TARGET_SHARE)
      : undefined;
  const { mode } = input.policy;
  let next = view;
  let trimmedResults = 0;
  let summary: { text: string; usage?: Usage } | undefined;
  if (mode === 'trim' || mode === 'both') {
    const trimmed = trimToolResults(view, span, target === undefined ? undefined : Math.max(0, tokensBefore - target));
    next = trimmed.messages;
    trimmedResults = trimmed.trimmed;
  }
  const needSummary = mode === 'summarise' || (mode === 'both' && (target === undefined || measure(next) > target));
  if (needSummary) {
    if (input.summary !== undefined) summary = { text: input.summary };
    else
      try {
        const excerpt = view.slice(span.start, span.end);
        summary = await summariseSpan(input.model, excerpt, input.base.maxTokens, input.signal, input.idle);
      } catch (error) {
        if (input.signal.aborted) return fail('cancelled');
        return fail(`the summary could not be made (${error instanceof Error ? error.message : String(error)})`);
      }
    next = replaceWithSummary(view, span, summary.text);
    trimmedResults = 0;
  }
  const usage = summary?.usage;
  if (next === view) return fail('no tool result in the older rounds was long enough to trim', usage);
  const tokensAfter = measure(next);
  if (tokensAfter >= tokensBefore)
    return fail(`the compacted request would not be smaller (~${tokensBefore} → ~${tokensAfter} tokens)`, usage);
  const after = [...findHistoryProblems(next), ...repairHistory(next).changes];
  if (after.length > 0) return fail(`the compacted history would not be valid (${after[0] ?? ''})`, usage);
  return {
    kind: 'compacted',
    ...rebase(view, next, span.end, input.active),
    tokensBefore,
    tokensAfter,
    trimmedResults,
    summarisedMessages: summary === undefined ? 0 : span.end - span.start,
    ...(summary === undefined ? {} : { summary: summary.text }),
    ...(usage === undefined ? {} : { usage }),
  };
}

/** The summary block appended to the first user message (or a user message of its own). */
export function summaryBlock(text: string, messages: number): TextBlock {
  return {
    type: 'text',
    text: `[Compacted by Loupe: a summary of ${messages} earlier messages, written by the model, replaces them.]\n${text}`,
  };
}

function replaceWithSummary(view: readonly Message[], span: CompactableSpan, text: string): Message[] {
  const block = summaryBlock(text, span.end - span.start);
  const head = view.slice(0, span.start);
  const last = head[head.length - 1];
  const merged: Message[] =
    last?.role === 'user'
      ? [...head.slice(0, -1), { role: 'user', content: [...last.content, block] }]
      : [...head, { role: 'user', content: [block] }];
  return [...merged, ...view.slice(span.end)];
}

/**
 * The new compaction expressed over the full history: the view's messages from `max(end, old prefix length)`
 * on are still the full history's own, so everything before them becomes the new prefix.
 */
function rebase(
  view: readonly Message[],
  next: readonly Message[],
  end: number,
  active: ActiveCompaction | undefined,
): { prefix: Message[]; keptFrom: number } {
  const oldPrefix = active?.prefix.length ?? 0;
  const split = Math.max(end, oldPrefix);
  const tail = view.length - split;
  return { prefix: next.slice(0, next.length - tail), keptFrom: (active?.keptFrom ?? 0) + split - oldPrefix };
}
