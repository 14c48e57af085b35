// Pure: the loop guard (ENGINE-SPEC rule 9) — repeated identical calls or errors count as a limit. No I/O.
import type { LimitHit } from './limits';
import { createSignatureCounts, type SignatureCounts } from './signature-counts';

/** Counts what a run repeats; `record*` return a hit once a repeat reaches the threshold. */
export interface LoopGuard {
  /** A call that was answered (any status); the same signature `repeats` times in a run trips the guard. */
  recordCall(signature: string): LimitHit | undefined;
  /** A result, in commit order: the same error text `repeats` times in a row trips the guard; a success resets it. */
  recordResult(isError: boolean, text: string): LimitHit | undefined;
}

/** A guard tripping at `repeats` (0 = never), counting calls in `counts` (the run's, shared with the duplicate tracker). */
export function createLoopGuard(repeats: number, counts: SignatureCounts = createSignatureCounts()): LoopGuard {
  let lastError: string | undefined;
  let errorRun = 0;
  const shorten = (value: string): string => (value.length > 120 ? `${value.slice(0, 117)}…` : value);
  return {
    recordCall(signature) {
      const record = counts.take(signature);
      record.calls += 1;
      const count = record.calls;
      if (repeats === 0 || count < repeats) return undefined;
      return { limit: 'loop', value: repeats, detail: `the same call ${count} times: ${shorten(signature)}` };
    },
    recordResult(isError, text) {
      if (!isError) {
        lastError = undefined;
        errorRun = 0;
        return undefined;
      }
      errorRun = text === lastError ? errorRun + 1 : 1;
      lastError = text;
      if (repeats === 0 || errorRun < repeats) return undefined;
      return { limit: 'loop', value: repeats, detail: `the same error ${errorRun} times in a row: ${shorten(text)}` };
    },
  };
}
