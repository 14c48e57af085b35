// Pass rates per expectation and per model, with tokens, cost and latency: the maths of "Run ×N". Pure.
import type { Transcript } from '../engine/transcript/transcript';
import type { ExpectationResult } from './evaluate-expectations';
import { readRunCost, readRunLatency, readRunTokens } from './read-run';

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
