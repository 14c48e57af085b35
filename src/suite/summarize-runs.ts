// Pass rates per expectation and per model, with tokens, cost and latency: the maths of "Run ×N". Pure.
import type { Transcript } from '../engine/transcript/transcript';
import type { ExpectationResult } from './evaluate-expectations';
import { readRunCost, readRunLatency, readRunTokens } from './read-run';
import type { Expectation, TestCase } from './test-suite';

/** One run of a case on one model, checked. `transcript` is absent when the run could not start. */
export interface CaseRun {
  caseId: string;
  /** `provider/model`, the column the run belongs to. */
  modelLabel: string;
  /** 1-based repetition number. */
  attempt: number;
  transcript?: Transcript;
  /** Why the run could not be made (a connection error, a cancelled batch); then every expectation failed. */
  error?: string;
  results: ExpectationResult[];
}

/** A run passes when none of its expectations failed (skipped ones do not count either way). */
export function isRunPassed(run: CaseRun): boolean {
  return run.error === undefined && run.results.every((result) => result.outcome !== 'fail');
}

export interface ExpectationRate {
  passed: number;
  failed: number;
  skipped: number;
  /** passed ÷ (passed + failed); null when every run skipped it. */
  rate: number | null;
}

export interface ModelSummary {
  modelLabel: string;
  runs: number;
  passedRuns: number;
  /** Per expectation, in the case's order. */
  expectations: ExpectationRate[];
  /** Means over the runs that produced a transcript; cost only over runs with a recorded price. */
  meanTokens: number | null;
  meanCostUsd: number | null;
  totalCostUsd: number;
  meanLatencyMs: number | null;
}

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Rates per expectation for a set of runs of one case. */
export function rateExpectations(runs: readonly CaseRun[], count: number): ExpectationRate[] {
  return Array.from({ length: count }, (_, index) => {
    const outcomes = runs.map((run) => (run.error !== undefined ? 'fail' : (run.results[index]?.outcome ?? 'fail')));
    const passed = outcomes.filter((outcome) => outcome === 'pass').length;
    const failed = outcomes.filter((outcome) => outcome === 'fail').length;
    return {
      passed,
      failed,
      skipped: outcomes.length - passed - failed,
      rate: passed + failed === 0 ? null : passed / (passed + failed),
    };
  });
}

/** One summary per model label, in first-seen order, for the runs of one case. */
export function summarizeRuns(runs: readonly CaseRun[], expectationCount: number): ModelSummary[] {
  const labels = [...new Set(runs.map((run) => run.modelLabel))];
  return labels.map((modelLabel) => {
    const mine = runs.filter((run) => run.modelLabel === modelLabel);
    const transcripts = mine.flatMap((run) => (run.transcript ? [run.transcript] : []));
    const costs = transcripts.flatMap((transcript) => {
      const cost = readRunCost(transcript);
      return cost === undefined ? [] : [cost];
    });
    return {
      modelLabel,
      runs: mine.length,
      passedRuns: mine.filter(isRunPassed).length,
      expectations: rateExpectations(mine, expectationCount),
      meanTokens: mean(transcripts.map(readRunTokens)),
      meanCostUsd: mean(costs),
      totalCostUsd: costs.reduce((sum, cost) => sum + cost, 0),
      meanLatencyMs: mean(transcripts.map(readRunLatency)),
    };
  });
}

/**
 * Whether an expectation held as often as it asks over a set of runs: in every run, or in at least its
 * `minPassRate` of them. One that every run skipped holds (nothing failed).
 */
export function holdsOften(rate: ExpectationRate, expectation: Expectation): boolean {
  if (rate.rate === null) return true;
  // A rate like 4/5 is compared with 0.8 exactly as written in the file, not as 0.8000000000000002.
  return rate.passed >= Math.ceil((expectation.minPassRate ?? 1) * (rate.passed + rate.failed) - 1e-9);
}

/** Every check of a batch (one expectation in one run): passed, failed, and failed but within a pass-rate threshold. */
export interface CheckTally {
  passed: number;
  failed: number;
  /** Failed in their run, but the expectation held in at least its `minPassRate` of the runs on that model. */
  tolerated: number;
}

/** Counts the checks of `runs`, per case and model, so a threshold decides over the runs it is about. */
export function tallyChecks(cases: readonly TestCase[], runs: readonly CaseRun[]): CheckTally {
  const tally: CheckTally = { passed: 0, failed: 0, tolerated: 0 };
  for (const testCase of cases) {
    const mine = runs.filter((run) => run.caseId === testCase.id);
    for (const summary of summarizeRuns(mine, testCase.expectations.length))
      testCase.expectations.forEach((expectation, index) => {
        const rate = summary.expectations[index];
        if (rate === undefined) return;
        tally.passed += rate.passed;
        if (holdsOften(rate, expectation)) tally.tolerated += rate.failed;
        else tally.failed += rate.failed;
      });
  }
  return tally;
}
