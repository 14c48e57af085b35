import { describe, expect, it } from 'vitest';
import type { CaseRun } from './summarize-runs';
import { holdsOften, rateExpectations, tallyChecks } from './summarize-runs';
import type { Expectation, TestCase } from './test-suite';

const run = (attempt: number, outcomes: ('pass' | 'fail')[], modelLabel = 'demo/demo'): CaseRun => ({
  caseId: 'c',
  modelLabel,
  attempt,
  results: outcomes.map((outcome) => ({ outcome, detail: '', modelGraded: false })),
});

const finish: Expectation = { kind: 'finish-reason', reason: 'end_turn', minPassRate: 0.8 };
const strict: Expectation = { kind: 'max-rounds', max: 3 };
const testCase = { id: 'c', expectations: [finish, strict] } as unknown as TestCase;

describe('pass-rate thresholds', () => {
  it('holds in at least 4 of 5 runs, not in 3 of 5', () => {
    const four = rateExpectations(
      [run(1, ['pass']), run(2, ['pass']), run(3, ['fail']), run(4, ['pass']), run(5, ['pass'])],
      1,
    );
    const three = rateExpectations(
      [run(1, ['pass']), run(2, ['fail']), run(3, ['fail']), run(4, ['pass']), run(5, ['pass'])],
      1,
    );
    expect(holdsOften(four[0]!, finish)).toBe(true);
    expect(holdsOften(three[0]!, finish)).toBe(false);
    // Without a threshold, one failure is a failure.
    expect(holdsOften(four[0]!, strict)).toBe(false);
  });

  it('counts failures within a threshold apart, per model, so the exit code is about what was asked', () => {
    const runs = [
      ...[1, 2, 3, 4, 5].map((attempt) => run(attempt, [attempt === 3 ? 'fail' : 'pass', 'pass'])),
      // On the second model the thresholded expectation fails 2 of 5: those failures count.
      ...[1, 2, 3, 4, 5].map((attempt) => run(attempt, [attempt <= 2 ? 'fail' : 'pass', 'pass'], 'other/model')),
    ];
    expect(tallyChecks([testCase], runs)).toEqual({ passed: 17, failed: 2, tolerated: 1 });
  });

  it('a run that could not be made fails every expectation, thresholds included', () => {
    const broken: CaseRun = { caseId: 'c', modelLabel: 'demo/demo', attempt: 1, error: 'no server', results: [] };
    expect(tallyChecks([testCase], [broken])).toEqual({ passed: 0, failed: 2, tolerated: 0 });
  });
});
