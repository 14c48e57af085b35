// Pure: duplicate calls across rounds (ENGINE-SPEC rule 18, AnythingLLM's Deduplicator made visible). No I/O.
import type { ToolResultContentBlock } from '../message/message';
import type { DuplicateMode } from '../../shared/loop-policies';
import { createSignatureCounts, type SignatureCounts } from './signature-counts';

/** Identical calls answered earlier in the run before the third one is acted on. */
export const DUPLICATE_THRESHOLD = 2;

/** What to do with a call given the identical calls answered in earlier rounds. */
export type DuplicateVerdict =
  | { kind: 'run' }
  | { kind: 'warn'; note: string; count: number }
  | { kind: 'block'; content: ToolResultContentBlock[]; count: number };

/** Remembers answered calls by signature (name + canonical arguments). */
export interface DuplicateTracker {
  check(signature: string, name: string): DuplicateVerdict;
  /** Records a committed result of `signature` (called once per call, at commit). */
  record(signature: string, content: readonly ToolResultContentBlock[]): void;
}

const textOf = (content: readonly ToolResultContentBlock[]): string =>
  content.map((part) => (part.type === 'text' ? part.text : `[${part.source.media_type} image]`)).join('\n');

// The verdict of almost every call, made once (verdicts are read, never changed).
const runIt: DuplicateVerdict = Object.freeze({ kind: 'run' });

/** A tracker for `mode` (`off` never acts), keeping its counts in `counts` (the run's, shared with the loop guard). */
export function createDuplicateTracker(
  mode: DuplicateMode,
  counts: SignatureCounts = createSignatureCounts(),
): DuplicateTracker {
  return {
    check(signature, name) {
      const earlier = counts.find(signature);
      if (mode === 'off' || earlier?.last === undefined || earlier.answers < DUPLICATE_THRESHOLD) return runIt;
      const count = earlier.answers;
      if (mode === 'warn') {
        const note = `Note: this exact call of '${name}' was already made ${count} times in this run with the same result. Use that result instead of calling again.`;
        return { kind: 'warn', note, count };
      }
      const text = `Duplicate: this exact call of '${name}' was already made ${count} times in this run, so it was not run again. Its last result:\n${textOf(earlier.last)}`;
      return { kind: 'block', content: [{ type: 'text', text }], count };
    },
    record(signature, content) {
      const record = counts.take(signature);
      record.answers += 1;
      record.last = content;
    },
  };
}
