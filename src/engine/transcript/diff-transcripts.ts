// Pure: two runs compared round by round — requests, replies, tool inputs and results. No I/O.
import type { ContentBlock, ToolResultContentBlock } from '../message/message';
import type { Transcript, TranscriptRound } from './transcript';

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

export interface RoundComparison {
  round: number;
  fields: FieldComparison[];
  /** True when any field differs, or the round exists on one side only. */
  differs: boolean;
}

export interface TranscriptComparison {
  rounds: RoundComparison[];
  /** Rounds that differ, by number. */
  differingRounds: number[];
  finishReason: FieldComparison;
}

/**
 * Compares `left` and `right` round by round. Timings, ids and token counts are left out: they differ
 * on every run and would hide the differences that matter (what was asked, answered, called and
 * returned). Tool calls are matched by position within the round.
 */
export function diffTranscripts(left: Transcript, right: Transcript): TranscriptComparison {
  const count = Math.max(left.rounds.length, right.rounds.length);
  const rounds: RoundComparison[] = [];
  for (let index = 0; index < count; index += 1) {
    const fields = compareRounds(left.rounds[index], right.rounds[index]);
    rounds.push({ round: index + 1, fields, differs: fields.some((field) => field.differs && field.counts) });
  }
  return {
    rounds,
    differingRounds: rounds.filter((round) => round.differs).map((round) => round.round),
    finishReason: compare('finish reason', left.finishReason ?? 'not ended', right.finishReason ?? 'not ended'),
  };
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
  }
}

function describeResult(content: readonly ToolResultContentBlock[]): string {
  return content.map((part) => describeBlock(part)).join('\n') || '(empty)';
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortKeys(record[key])]),
  );
}
