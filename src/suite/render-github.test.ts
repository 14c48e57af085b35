import { describe, expect, it } from 'vitest';
import { renderGithubAnnotations, renderGithubSummary } from './render-github';
import type { ResultsFile } from './results-file';

const results: ResultsFile = {
  format: 'loupe-test-results',
  version: 1,
  suite: 'Weather | suite',
  app: { name: 'loupe', version: '0' },
  passed: 1,
  failed: 2,
  runs: [
    {
      caseId: 'c',
      caseName: 'Case, one: x',
      model: 'demo/demo',
      attempt: 1,
      passed: false,
      toolPath: [['a'], ['b', 'c']],
      tokens: 10,
      costUsd: null,
      latencyMs: 5,
      checks: [
        { expectation: 'calls a', outcome: 'pass', detail: '' },
        { expectation: 'calls d', outcome: 'fail', detail: 'line 1\nline 2 100%', round: 2 },
      ],
    },
    {
      caseId: 'c',
      caseName: 'Case, one: x',
      model: 'x/y',
      attempt: 1,
      passed: false,
      error: 'no key',
      toolPath: [],
      tokens: null,
      costUsd: null,
      latencyMs: null,
      checks: [],
    },
  ],
};

describe('renderGithubAnnotations', () => {
  it('writes one ::error per failed check or unmade run, escaped so text cannot end or forge the command', () => {
    expect(renderGithubAnnotations(results, 'suites/w.json')).toEqual([
      '::error file=suites/w.json,title=Case%2C one%3A x · demo/demo #1::calls d (round 2) — line 1%0Aline 2 100%25',
      '::error file=suites/w.json,title=Case%2C one%3A x · x/y #1::could not run: no key',
    ]);
  });
});

describe('renderGithubSummary', () => {
  it('is a Markdown table per case and model whose cells cannot break the table', () => {
    const summary = renderGithubSummary(results);
    expect(summary).toContain('### Loupe: Weather \\| suite');
    expect(summary).toContain('**1 passed, 2 failed**');
    expect(summary).toContain('| Case, one: x | demo/demo | 0/1 | 10 | — | 5 ms | a → b + c |');
    expect(summary).toContain('| Case, one: x | x/y | 0/1 | — | — | — | (no tools) |');
  });
});
