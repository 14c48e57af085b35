// The results JSON of a headless run (`--reporter json`), versioned, with a JSON Schema
// (docs/results.schema.json): what `--baseline` compares against and what a CI keeps. Pure.
import { withConnectorCalls } from './with-connector-calls';
import type { Transcript } from '../engine/transcript/transcript';
import { describeExpectation } from './describe-expectation';
import type { ExpectationOutcome } from './evaluate-expectations';
import { readRunCost, readRunLatency, readRunTokens } from './read-run';
import { isRunPassed, type CaseRun } from './summarize-runs';
import type { TestCase } from './test-suite';
import type { Shard } from './shard-cases';

export const RESULTS_FORMAT = 'loupe-test-results';
export const RESULTS_VERSION = 1;

/** One expectation in one run. */
export interface ResultCheck {
  expectation: string;
  outcome: ExpectationOutcome;
  detail: string;
  round?: number;
}

/** One run of one case on one model. Never a transcript: results files are kept and shared by CI. */
export interface ResultRun {
  caseId: string;
  caseName: string;
  /** `provider/model`. */
  model: string;
  attempt: number;
  passed: boolean;
  /** Why the run could not be made. */
  error?: string;
  /** The tools each round that called tools called, in order. */
  toolPath: string[][];
  tokens: number | null;
  costUsd: number | null;
  latencyMs: number | null;
  checks: ResultCheck[];
}

export interface ResultsFile {
  format: typeof RESULTS_FORMAT;
  version: typeof RESULTS_VERSION;
  suite: string;
  app: { name: 'loupe'; version: string };
  shard?: Shard;
  passed: number;
  failed: number;
  runs: ResultRun[];
}

/** The tools of each round that called any, by the name the model used (the MCP connector's calls too). */
export function readToolPath(transcript: Transcript): string[][] {
  return withConnectorCalls(transcript)
    .rounds.map((round) => round.toolCalls.map((call) => call.name))
    .filter((names) => names.length > 0);
}

function toResultRun(testCase: TestCase | undefined, run: CaseRun): ResultRun {
  const { transcript } = run;
  return {
    caseId: run.caseId,
    caseName: testCase?.name ?? run.caseId,
    model: run.modelLabel,
    attempt: run.attempt,
    passed: isRunPassed(run),
    ...(run.error === undefined ? {} : { error: run.error }),
    toolPath: transcript === undefined ? [] : readToolPath(transcript),
    tokens: transcript === undefined ? null : readRunTokens(transcript),
    costUsd: transcript === undefined ? null : (readRunCost(transcript) ?? null),
    latencyMs: transcript === undefined ? null : readRunLatency(transcript),
    checks: run.results.map((result, index) => {
      const expectation = testCase?.expectations[index];
      return {
        expectation: expectation === undefined ? `expectation ${index + 1}` : describeExpectation(expectation),
        outcome: result.outcome,
        detail: result.detail,
        ...(result.round === undefined ? {} : { round: result.round }),
      };
    }),
  };
}

export interface ResultsInput {
  suite: string;
  appVersion: string;
  shard?: Shard;
  cases: readonly TestCase[];
  runs: readonly CaseRun[];
  tally: { passed: number; failed: number };
}

/** The results file of a batch of runs. */
export function buildResultsFile(input: ResultsInput): ResultsFile {
  const byId = new Map(input.cases.map((testCase) => [testCase.id, testCase]));
  return {
    format: RESULTS_FORMAT,
    version: RESULTS_VERSION,
    suite: input.suite,
    app: { name: 'loupe', version: input.appVersion },
    ...(input.shard === undefined ? {} : { shard: input.shard }),
    passed: input.tally.passed,
    failed: input.tally.failed,
    runs: input.runs.map((run) => toResultRun(byId.get(run.caseId), run)),
  };
}
