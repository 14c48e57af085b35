import { describe, expect, it } from 'vitest';
import type { CaseRun } from '../../suite/summarize-runs';
import { appendTrend, MAX_TREND_POINTS, readTrendHistory, trendKey, trendPointOf } from './test-trend';

const run = (modelLabel: string, passed: boolean): CaseRun => ({
  caseId: 'c',
  modelLabel,
  attempt: 1,
  results: [{ outcome: passed ? 'pass' : 'fail', detail: '', modelGraded: false }],
});

describe('test trend', () => {
  it('makes one point per batch with the runs passed per model', () => {
    const point = trendPointOf([run('demo/d', true), run('demo/d', false), run('openai-compatible/m', true)], 7);
    expect(point).toEqual({
      at: 7,
      models: [
        { model: 'demo/d', passed: 1, runs: 2 },
        { model: 'openai-compatible/m', passed: 1, runs: 1 },
      ],
    });
    expect(trendPointOf([], 7)).toBeUndefined();
  });

  it('keeps the last points per case of each suite, oldest first', () => {
    let history = {};
    for (let at = 1; at <= MAX_TREND_POINTS + 2; at += 1)
      history = appendTrend(history, trendKey('S', 'c'), { at, models: [] });
    const points = readTrendHistory(history)[trendKey('S', 'c')] ?? [];
    expect(points.map((point) => point.at)).toEqual(Array.from({ length: MAX_TREND_POINTS }, (_, i) => i + 3));
    expect(readTrendHistory(history)[trendKey('Other', 'c')]).toBeUndefined();
  });

  it('drops what storage holds that is not a point', () => {
    expect(readTrendHistory({ k: [{ at: 1, models: [] }, { at: 'x' }, null], j: 'no' })).toEqual({
      k: [{ at: 1, models: [] }],
    });
    expect(readTrendHistory('garbage')).toEqual({});
  });
});
