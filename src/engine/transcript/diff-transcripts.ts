// Pure: two runs compared round by round, aligned by shared history — requests, replies, tools, tokens, cost, time.
import type { ContentBlock, ToolResultContentBlock } from '../message/message';
import { computeUsageCost } from '../policies/compute-usage-cost';
import { alignTranscripts, type RunAlignment } from './align-transcripts';
import { canonicalJson } from './canonical-json';
import type { Transcript, TranscriptRound } from './transcript';

export { canonicalJson } from './canonical-json';

/** One compared field of a round: both sides as display text, and whether they differ. */
export interface FieldComparison {
  /** e.g. `request`, `reply`, `stop reason`, `demo__weather_get input`, `demo__weather_get result`. */
  field: string;
  left: string | null;
  right: string | null;
  differs: boolean;
  /**
   * False for the `model` field: which model answered is shown, but a difference there does not make the
   * round differ — a replay (recorded replies) or a re-run against another model changes it by design.
   */
  counts: boolean;
}

/** What one round cost: tokens, dollars (at the run's recorded price), model and tool time, calls. */
export interface RoundMetrics {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  /** Absent when the run recorded no price. */
  costUsd?: number;
  /** The model call, start to end; absent when it failed before any content. */
  modelMs?: number;
  timeToFirstTokenMs?: number;
  /** The tool calls' durations summed (they may have overlapped). */
  toolMs: number;
  toolCalls: number;
  /**
   * Calls the API ran itself inside the round's reply (`mcp_tool_use` of the MCP connector, `server_tool_use`):
   * a run through the connector has these where a run through the browser has tool calls.
   */
  apiToolCalls: number;
}

export interface RoundComparison {
  /** Position in the aligned list, 1-based. */
  round: number;
  /** The round number on each side (null: this side has no round here). */
  leftRound: number | null;
  rightRound: number | null;
  fields: FieldComparison[];
  /** True when any field differs, or the round exists on one side only. */
  differs: boolean;
  metrics: { left: RoundMetrics | null; right: RoundMetrics | null };
}

/** Sums over the compared rounds of one side. */
export interface RunTotals extends Omit<RoundMetrics, 'timeToFirstTokenMs' | 'modelMs'> {
  rounds: number;
  modelMs: number;
}

export interface TranscriptComparison {
  /** How the runs line up (a fork's round 1 against its parent's fork round). */
  alignment: RunAlignment;
  /** Rounds of one side before the aligned part (the shared history before a fork point); not compared. */
  before: { side: 'left' | 'right'; rounds: number } | null;
  rounds: RoundComparison[];
  /** Aligned rounds that differ, by position. */
  differingRounds: number[];
  /** The first aligned round that differs and its first differing field; null when none does. */
  firstDivergence: { round: number; leftRound: number | null; rightRound: number | null; field: string } | null;
  finishReason: FieldComparison;
  totals: { left: RunTotals; right: RunTotals };
}

/**
 * Compares `left` and `right` round by round after aligning them by shared history (`alignTranscripts`): a
 * fork made at round N with no edit shows as the same from there on. Timings, ids and token counts do not
 * make a round differ — they change on every run and would hide what matters (what was asked, answered,
 * called and returned) — but they are compared side by side in `metrics` and `totals`. Tool calls are
 * matched by position within the round.
 */
export function diffTranscripts(
  left: Transcript,
  right: Transcript,
  hint?: { leftOffset?: number; rightOffset?: number },
): TranscriptComparison {
  const alignment = alignTranscripts(left, right, hint);
  const leftRounds = left.rounds.slice(alignment.leftOffset);
  const rightRounds = right.rounds.slice(alignment.rightOffset);
  const count = Math.max(leftRounds.length, rightRounds.length);
  const rounds: RoundComparison[] = [];
  for (let index = 0; index < count; index += 1) {
    const a = leftRounds[index];
    const b = rightRounds[index];
    const fields = compareRounds(a, b);
    fields.splice(2, 0, compareHistory(left, a, right, b));
    rounds.push({
      round: index + 1,
      leftRound: a?.round ?? null,
      rightRound: b?.round ?? null,
      fields,
      differs: fields.some((field) => field.differs && field.counts),
      metrics: { left: metricsOf(left, a), right: metricsOf(right, b) },
    });
  }
  const first = rounds.find((round) => round.differs);
  const firstField = first?.fields.find((field) => field.differs && field.counts);
  return {
    alignment,
    before:
      alignment.leftOffset > 0
        ? { side: 'left', rounds: alignment.leftOffset }
        : alignment.rightOffset > 0
          ? { side: 'right', rounds: alignment.rightOffset }
          : null,
    rounds,
    differingRounds: rounds.filter((round) => round.differs).map((round) => round.round),
    firstDivergence:
      first === undefined
        ? null
        : {
            round: first.round,
            leftRound: first.leftRound,
            rightRound: first.rightRound,
            field: firstField?.field ?? 'round',
          },
    finishReason: compare('finish reason', left.finishReason ?? 'not ended', right.finishReason ?? 'not ended'),
    totals: {
      left: sumMetrics(
        rounds.map((round) => round.metrics.left),
        left.settings.price !== undefined,
      ),
      right: sumMetrics(
        rounds.map((round) => round.metrics.right),
        right.settings.price !== undefined,
      ),
    },
  };
}

function isApiToolCall(block: ContentBlock): boolean {
  return block.type === 'api_block' && (block.block.type === 'mcp_tool_use' || block.block.type === 'server_tool_use');
}

function metricsOf(transcript: Transcript, round: TranscriptRound | undefined): RoundMetrics | null {
  if (round === undefined) return null;
  const usage = round.response?.usage ?? { inputTokens: 0, outputTokens: 0 };
  const price = transcript.settings.price;
  const timing = round.response?.timing;
  return {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    cacheReadInputTokens: usage.cacheReadInputTokens ?? 0,
    cacheCreationInputTokens: usage.cacheCreationInputTokens ?? 0,
    ...(price === undefined ? {} : { costUsd: computeUsageCost(usage, price) }),
    ...(timing === undefined ? {} : { modelMs: timing.durationMs }),
    ...(timing?.timeToFirstTokenMs === undefined ? {} : { timeToFirstTokenMs: timing.timeToFirstTokenMs }),
    toolMs: round.toolCalls.reduce((sum, call) => sum + call.timing.durationMs, 0),
    toolCalls: round.toolCalls.length,
    apiToolCalls: (round.response?.content ?? []).filter(isApiToolCall).length,
  };
}

function sumMetrics(list: readonly (RoundMetrics | null)[], priced: boolean): RunTotals {
  const totals: RunTotals = {
    rounds: 0,
    inputTokens: 0,
    outputTokens: 0,
    cacheReadInputTokens: 0,
    cacheCreationInputTokens: 0,
    ...(priced ? { costUsd: 0 } : {}),
    modelMs: 0,
    toolMs: 0,
    toolCalls: 0,
    apiToolCalls: 0,
  };
  for (const metrics of list) {
    if (metrics === null) continue;
    totals.rounds += 1;
    totals.inputTokens += metrics.inputTokens;
    totals.outputTokens += metrics.outputTokens;
    totals.cacheReadInputTokens += metrics.cacheReadInputTokens;
    totals.cacheCreationInputTokens += metrics.cacheCreationInputTokens;
    if (totals.costUsd !== undefined) totals.costUsd += metrics.costUsd ?? 0;
    totals.modelMs += metrics.modelMs ?? 0;
    totals.toolMs += metrics.toolMs;
    totals.toolCalls += metrics.toolCalls;
    totals.apiToolCalls += metrics.apiToolCalls;
  }
  return totals;
}

function compare(field: string, left: string | null, right: string | null, counts = true): FieldComparison {
  return { field, left, right, differs: left !== right, counts };
}

function compareRounds(left: TranscriptRound | undefined, right: TranscriptRound | undefined): FieldComparison[] {
  const fields = [
    compare(
      'model',
      left ? `${left.request.provider} ${left.request.model}` : null,
      right ? `${right.request.provider} ${right.request.model}` : null,
      left === undefined || right === undefined,
    ),
    compare('request', describeRequest(left), describeRequest(right)),
    compare('reply', describeReply(left), describeReply(right)),
    compare('stop reason', stopReason(left), stopReason(right)),
  ];
  const calls = Math.max(left?.toolCalls.length ?? 0, right?.toolCalls.length ?? 0);
  for (let index = 0; index < calls; index += 1) {
    const a = left?.toolCalls[index];
    const b = right?.toolCalls[index];
    const name =
      a?.name === b?.name || b === undefined ? (a?.name ?? '') : a === undefined ? b.name : `${a.name} / ${b.name}`;
    fields.push(
      compare(`call ${index + 1} ${name} input`, a ? canonicalJson(a.input) : null, b ? canonicalJson(b.input) : null),
      compare(
        `call ${index + 1} ${name} result`,
        a ? `${a.status}: ${describeResult(a.content)}` : null,
        b ? `${b.status}: ${describeResult(b.content)}` : null,
      ),
    );
  }
  return fields;
}

/**
 * The messages each request sent: shown as their count and the newest message, and differing when any
 * message differs (an edit at a fork point, a different tool result earlier on).
 */
function compareHistory(
  left: Transcript,
  a: TranscriptRound | undefined,
  right: Transcript,
  b: TranscriptRound | undefined,
): FieldComparison {
  const history = (transcript: Transcript, round: TranscriptRound | undefined) =>
    round === undefined ? undefined : transcript.messages.slice(0, round.request.messageCount);
  const show = (messages: ReturnType<typeof history>): string | null => {
    if (messages === undefined) return null;
    const last = messages.at(-1);
    const newest = last === undefined ? '' : `${last.role}: ${last.content.map(describeBlock).join('\n')}`;
    return `${messages.length} message${messages.length === 1 ? '' : 's'}, newest — ${newest}`;
  };
  const leftHistory = history(left, a);
  const rightHistory = history(right, b);
  return {
    field: 'messages sent',
    left: show(leftHistory),
    right: show(rightHistory),
    differs: canonicalJson(leftHistory ?? null) !== canonicalJson(rightHistory ?? null),
    counts: true,
  };
}

function describeRequest(round: TranscriptRound | undefined): string | null {
  if (!round) return null;
  const { request } = round;
  return [
    `${request.messageCount} message${request.messageCount === 1 ? '' : 's'}`,
    `tools: ${request.toolNames.join(', ') || 'none'}`,
    ...(request.toolChoice ? [`tool_choice: ${request.toolChoice.type}`] : []),
  ].join(' · ');
}

function describeReply(round: TranscriptRound | undefined): string | null {
  if (!round) return null;
  if (round.response === null) return '(no reply)';
  return round.response.content.map(describeBlock).join('\n');
}

function stopReason(round: TranscriptRound | undefined): string | null {
  if (!round) return null;
  return round.response?.stopReason ?? '(none)';
}

function describeBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'thinking':
      return `[thinking] ${block.thinking}`;
    case 'tool_use':
      return `[tool_use ${block.name}] ${canonicalJson(block.input)}`;
    case 'image':
      return `[image ${block.source.media_type}, ${block.source.data.length} base64 characters]`;
    case 'redacted_thinking':
      return `[redacted thinking, ${block.data.length} characters]`;
    case 'document':
      return block.source.type === 'base64'
        ? `[document ${block.source.media_type}, ${block.source.data.length} base64 characters]`
        : '[document]';
    case 'tool_result':
      return `[tool_result] ${describeResult(block.content)}`;
    case 'api_block':
      return canonicalJson(block.block);
  }
}

function describeResult(content: readonly ToolResultContentBlock[]): string {
  return content.map((part) => describeBlock(part)).join('\n') || '(empty)';
}
