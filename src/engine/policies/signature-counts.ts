// Pure: what a run has recorded per call signature, shared by the loop guard and the duplicate tracker. No I/O.
import type { ToolResultContentBlock } from '../message/message';

/** What a run has recorded of one call signature (name + canonical arguments). */
export interface SignatureRecord {
  /** Calls with this signature the loop guard has counted (`LoopGuard.recordCall`). */
  calls: number;
  /** Results of this signature the duplicate tracker has recorded (`DuplicateTracker.record`). */
  answers: number;
  /** The last of those results (undefined before the first). */
  last: readonly ToolResultContentBlock[] | undefined;
}

/** The run's records by signature. */
export interface SignatureCounts {
  /** The record of `signature`, if anything was recorded of it. */
  find(signature: string): SignatureRecord | undefined;
  /** The record of `signature`, made (all counts 0) when there is none yet. */
  take(signature: string): SignatureRecord;
}

/**
 * Creates an empty set of records. One map for both policies rather than one each: the maps grow with every
 * distinct call of the run (two per round in a long run of distinct calls), and each lookup in a map of
 * thousands of string keys costs cache misses; shared, a call's record is looked up three times instead of
 * five, and made once instead of three times. The last record taken is kept at hand: a call's result is
 * recorded by both policies in turn.
 */
export function createSignatureCounts(): SignatureCounts {
  const records = new Map<string, SignatureRecord>();
  let lastSignature: string | undefined;
  let lastRecord: SignatureRecord | undefined;
  return {
    find: (signature) => (signature === lastSignature ? lastRecord : records.get(signature)),
    take(signature) {
      if (signature === lastSignature && lastRecord !== undefined) return lastRecord;
      let record = records.get(signature);
      if (record === undefined) {
        record = { calls: 0, answers: 0, last: undefined };
        records.set(signature, record);
      }
      lastSignature = signature;
      lastRecord = record;
      return record;
    },
  };
}
