import { describe, expect, it } from 'vitest';
import { diffBaseline, renderBaselineDiff } from './diff-baseline';
import type { ResultRun, ResultsFile } from './results-file';

const run = (patch: Partial<ResultRun> = {}): ResultRun => ({
  caseId: 'weather',
  caseName: 'Weather',
  model: 'demo/demo',
  attempt: 1,
  passed: true,
  toolPath: [['weather_get'], ['clothing_advise']],
  tokens: 100,
  costUsd: 0.01,
  latencyMs: 1000,
  checks: [{ expectation: 'calls weather_get', outcome: 'pass', detail: '' }],
  ...patch,
});

const file = (runs: ResultRun[]): ResultsFile => ({
  format: 'loupe-test-results',
  version: 1,
  suite: 'S',
  app: { name: 'loupe', version: '0' },
  passed: 0,
  failed: 0,
  runs,
});

describe('diffBaseline', () => {
  it('says nothing when nothing changed beyond the tolerance', () => {
    const changes = diffBaseline(file([run({ costUsd: 0.012, latencyMs: 1200 })]), file([run()]), 0.25);
    expect(changes).toEqual([]);
    expect(renderBaselineDiff(changes, 'base.json')).toEqual(['Changed since baseline (base.json): nothing']);
  });

  it('names a pass that became a failure, with the expectation that failed, and the way back', () => {
    const failing = run({
      passed: false,
      checks: [{ expectation: 'calls weather_get', outcome: 'fail', detail: 'not called' }],
    });
    expect(diffBaseline(file([failing]), file([run()]))).toEqual([
      { kind: 'now-failing', caseName: 'Weather', model: 'demo/demo', failing: ['calls weather_get'] },
    ]);
    expect(diffBaseline(file([run()]), file([failing]))).toEqual([
      { kind: 'now-passing', caseName: 'Weather', model: 'demo/demo' },
    ]);
  });

  it('reports a changed tool path, and cost and latency beyond the tolerance either way', () => {
    const now = run({ toolPath: [['weather_get']], costUsd: 0.02, latencyMs: 500 });
    const lines = renderBaselineDiff(diffBaseline(file([now]), file([run()]), 0.25), 'b.json');
    expect(lines).toEqual([
      'Changed since baseline (b.json): 3 change(s)',
      '  ~ Weather · demo/demo: tool path weather_get → clothing_advise ⇒ weather_get',
      '  ~ Weather · demo/demo: cost $0.0100 ⇒ $0.0200 (+100%)',
      '  ~ Weather · demo/demo: latency 1000 ms ⇒ 500 ms (-50%)',
    ]);
  });

  it('compares runs ×N by the path most of them took and by their means, per model', () => {
    const now = [run({ attempt: 1 }), run({ attempt: 2 }), run({ attempt: 3, toolPath: [] })];
    const other = run({ model: 'openai-compatible/m', toolPath: [] });
    expect(diffBaseline(file([...now, other]), file([run(), other]))).toEqual([]);
  });

  it('marks a case or model the baseline did not run, and ignores what this shard did not run', () => {
    const changes = diffBaseline(file([run({ model: 'anthropic/x' })]), file([run(), run({ caseId: 'other' })]));
    expect(changes).toEqual([{ kind: 'new', caseName: 'Weather', model: 'anthropic/x' }]);
  });
});
