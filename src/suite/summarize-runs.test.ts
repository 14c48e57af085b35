import { describe, expect, it } from 'vitest';
import type { ExpectationResult } from './evaluate-expectations';
import { isRunPassed, rateExpectations, summarizeRuns, type CaseRun } from './summarize-runs';
import { recordRun, reply } from './testing/record-run';

const result = (outcome: ExpectationResult['outcome']): ExpectationResult => ({
  outcome,
  detail: '',
  modelGraded: false,
});
const run = (modelLabel: string, outcomes: ExpectationResult['outcome'][], extra: Partial<CaseRun> = {}): CaseRun => ({
  caseId: 'c',
  modelLabel,
  attempt: 1,
  results: outcomes.map(result),
  ...extra,
});

describe('pass-rate maths', () => {
  it('rates each expectation over the runs that checked it; skips count neither way', () => {
    const runs = [
      run('m', ['pass', 'fail', 'skipped']),
      run('m', ['pass', 'pass', 'skipped']),
      run('m', ['fail', 'pass', 'skipped']),
    ];
    expect(rateExpectations(runs, 3)).toEqual([
      { passed: 2, failed: 1, skipped: 0, rate: 2 / 3 },
      { passed: 2, failed: 1, skipped: 0, rate: 2 / 3 },
      { passed: 0, failed: 0, skipped: 3, rate: null },
    ]);
  });

  it('a run that could not be made fails every expectation and the run', () => {
    const broken = run('m', [], { error: 'connection refused' });
    expect(rateExpectations([broken, run('m', ['pass'])], 1)).toEqual([
      { passed: 1, failed: 1, skipped: 0, rate: 0.5 },
    ]);
    expect(isRunPassed(broken)).toBe(false);
    expect(isRunPassed(run('m', ['pass', 'skipped']))).toBe(true);
  });

  it('summarises per model, in first-seen order, with means of tokens, cost and latency', async () => {
    const priced = await recordRun([reply('Hi.')], { price: { input: 3, output: 15 } });
    const unpriced = await recordRun([reply('', ['weather', {}]), reply('Hi.')]);
    const summaries = summarizeRuns(
      [
        run('b/x', ['pass'], { transcript: priced }),
        run('a/y', ['fail'], { transcript: unpriced }),
        run('b/x', ['fail'], { transcript: priced }),
      ],
      1,
    );
    expect(summaries.map((summary) => summary.modelLabel)).toEqual(['b/x', 'a/y']);
    const [first, second] = summaries;
    expect(first).toMatchObject({ runs: 2, passedRuns: 1, meanTokens: 120 });
    expect(first?.meanCostUsd).toBeCloseTo(0.0006, 10);
    expect(first?.totalCostUsd).toBeCloseTo(0.0012, 10);
    expect(second).toMatchObject({ runs: 1, passedRuns: 0, meanTokens: 240, meanCostUsd: null, totalCostUsd: 0 });
    expect(second?.meanLatencyMs).toBeGreaterThan(0);
  });
});
