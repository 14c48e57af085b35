// Pure: which round of one run corresponds to which of another — by shared history, not by index.
import type { Message } from '../message/message';
import type { Transcript, TranscriptRound } from './transcript';
import { canonicalJson } from './canonical-json';

/**
 * How two runs line up: `offset` rounds of one side come before the other side's round 1 (the history they
 * share, e.g. a parent's rounds before a fork point). `leftOffset` > 0: right round 1 ↔ left round
 * `leftOffset + 1` (right is a fork of left, or a run started from its history); `rightOffset` > 0 the other
 * way round. At most one of them is non-zero.
 */
export interface RunAlignment {
  leftOffset: number;
  rightOffset: number;
  /** How many leading messages the first aligned pair's requests share (0 when none). */
  sharedMessages: number;
}

/** The messages round `round` sent (its request's first `messageCount` of the run's history). */
function requestHistory(transcript: Transcript, round: TranscriptRound): readonly Message[] {
  return transcript.messages.slice(0, round.request.messageCount);
}

function commonPrefix(left: readonly Message[], right: readonly Message[]): number {
  const limit = Math.min(left.length, right.length);
  let count = 0;
  while (count < limit && canonicalJson(left[count]) === canonicalJson(right[count])) count += 1;
  return count;
}

/**
 * Aligns `left` and `right` by shared history. A fork re-asks its parent's round N with the same messages
 * (or edited ones), so its round 1 pairs with the parent's round N: the candidate whose first requests share
 * the most leading messages wins, an exact match of a whole request first, the smaller offset on a tie. With
 * nothing shared (two unrelated runs) rounds pair by index. `hint` (from a recorded fork point) wins when given.
 */
export function alignTranscripts(
  left: Transcript,
  right: Transcript,
  hint?: { leftOffset?: number; rightOffset?: number },
): RunAlignment {
  if (hint?.leftOffset !== undefined || hint?.rightOffset !== undefined) {
    const leftOffset = clampOffset(hint.leftOffset ?? 0, left);
    const rightOffset = leftOffset > 0 ? 0 : clampOffset(hint.rightOffset ?? 0, right);
    return { leftOffset, rightOffset, sharedMessages: shared(left, right, leftOffset, rightOffset) };
  }
  let best: RunAlignment = { leftOffset: 0, rightOffset: 0, sharedMessages: shared(left, right, 0, 0) };
  let bestExact = isExact(left, right, 0, 0);
  const consider = (leftOffset: number, rightOffset: number): void => {
    const sharedMessages = shared(left, right, leftOffset, rightOffset);
    const exact = isExact(left, right, leftOffset, rightOffset);
    const better = exact !== bestExact ? exact : sharedMessages > best.sharedMessages;
    if (better) {
      best = { leftOffset, rightOffset, sharedMessages };
      bestExact = exact;
    }
  };
  for (let offset = 1; offset < left.rounds.length; offset += 1) consider(offset, 0);
  for (let offset = 1; offset < right.rounds.length; offset += 1) consider(0, offset);
  return best;
}

function clampOffset(offset: number, transcript: Transcript): number {
  if (!Number.isInteger(offset) || offset < 0) return 0;
  return Math.min(offset, Math.max(0, transcript.rounds.length - 1));
}

function shared(left: Transcript, right: Transcript, leftOffset: number, rightOffset: number): number {
  const a = left.rounds[leftOffset];
  const b = right.rounds[rightOffset];
  if (a === undefined || b === undefined) return 0;
  return commonPrefix(requestHistory(left, a), requestHistory(right, b));
}

/** The two first aligned requests sent exactly the same history. */
function isExact(left: Transcript, right: Transcript, leftOffset: number, rightOffset: number): boolean {
  const a = left.rounds[leftOffset];
  const b = right.rounds[rightOffset];
  if (a === undefined || b === undefined) return false;
  const count = a.request.messageCount;
  return count === b.request.messageCount && shared(left, right, leftOffset, rightOffset) === count;
}
