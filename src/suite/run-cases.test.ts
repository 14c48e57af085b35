import { describe, expect, it } from 'vitest';
import type { Transcript } from '../engine/transcript/transcript';
import { runCases, type TestRunDriver } from './run-cases';
import { recordRun, reply } from './testing/record-run';
import type { TestCase, TestModel } from './test-suite';

const model: TestModel = { provider: 'demo', model: 'demo' };
const testCase = (id: string, extra: Partial<TestCase> = {}): TestCase => ({
  id,
  name: id,
  prompt: 'Weather?',
  system: '',
  model,
  maxRounds: 5,
  maxTokens: 100,
  servers: [],
  expectations: [{ kind: 'tools-called', tools: ['weather'], mode: 'set' }],
  ...extra,
});

/** A driver whose runs the test finishes by hand, in any order. */
function manualDriver(make: () => Promise<Transcript>) {
  const started: { caseId: string; model: string; finish: () => void; signal: AbortSignal; maxCost?: number }[] = [];
  const driver: TestRunDriver = {
    run(testCase, runModel, signal) {
      return new Promise((resolve, reject) => {
        const entry = {
          caseId: testCase.id,
          model: runModel.model,
          signal,
          finish: () => void make().then(resolve, reject),
          ...(testCase.policies?.limits?.maxCostUsd === undefined
            ? {}
            : { maxCost: testCase.policies.limits.maxCostUsd }),
        };
        started.push(entry);
        signal.addEventListener('abort', () => reject(new Error('cancelled')));
      });
    },
  };
  return { driver, started };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runCases', () => {
  it('runs each case ×N on each model, never more at once than the concurrency', async () => {
    const transcript = await recordRun([reply('', ['weather', {}]), reply('Sunny.')]);
    const { driver, started } = manualDriver(() => Promise.resolve(transcript));
    const done = runCases(driver, {
      cases: [testCase('a'), testCase('b')],
      models: [model, { provider: 'demo', model: 'other' }],
      times: 3,
      concurrency: 2,
    });
    let finished = 0;
    while (finished < 12) {
      await settle();
      const running = started.length - finished;
      expect(running).toBeLessThanOrEqual(2);
      started[finished]?.finish();
      finished += 1;
    }
    const result = await done;
    expect(result.planned).toBe(12);
    expect(result.runs).toHaveLength(12);
    expect(result.runs.map((run) => `${run.caseId}:${run.modelLabel}:${run.attempt}`).slice(0, 4)).toEqual([
      'a:demo/demo:1',
      'a:demo/demo:2',
      'a:demo/demo:3',
      'a:demo/other:1',
    ]);
    expect(result.runs.every((run) => run.results[0]?.outcome === 'pass')).toBe(true);
  });

  it('stops starting runs at the spending cap and gives each run what is left as its cost limit', async () => {
    // Each run costs 100 × $3 + 20 × $15 per million = $0.0006.
    const transcript = await recordRun([reply('Hi.')], { price: { input: 3, output: 15 } });
    const { driver, started } = manualDriver(() => Promise.resolve(transcript));
    const done = runCases(driver, { cases: [testCase('a')], times: 5, concurrency: 1, spendCapUsd: 0.0011 });
    for (let index = 0; index < 2; index += 1) {
      await settle();
      started[index]?.finish();
    }
    const result = await done;
    expect(started[0]?.maxCost).toBe(0.0011);
    expect(started[1]?.maxCost).toBeCloseTo(0.0005, 10);
    expect(result).toMatchObject({ planned: 5, stoppedBy: 'spend-cap' });
    expect(result.runs).toHaveLength(2);
  });

  it('a cancel aborts runs in flight and starts no more; a failed run is reported, not thrown', async () => {
    const controller = new AbortController();
    const { driver, started } = manualDriver(() => Promise.reject(new Error('unreachable')));
    const done = runCases(driver, { cases: [testCase('a')], times: 4, concurrency: 2, signal: controller.signal });
    await settle();
    started[0]?.finish();
    await settle();
    controller.abort();
    const result = await done;
    expect(result.stoppedBy).toBe('cancelled');
    expect(result.runs.map((run) => run.error)).toEqual(['unreachable', 'cancelled', 'cancelled']);
    expect(started.map((entry) => entry.signal.aborted)).toEqual([false, true, true]);
  });
});
