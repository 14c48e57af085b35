import { describe, expect, it } from 'vitest';
import { evaluateExpectation } from './evaluate-expectations';
import { recordRun, reply } from './testing/record-run';
import type { Expectation } from './test-suite';

// Round 1: weather + clock (parallel); round 2: broken; round 3: weather again; round 4: the answer, no tool.
const reweatherRun = () =>
  recordRun([
    reply('Looking.', ['weather', { city: 'Paris' }], ['clock', {}]),
    reply('', ['broken', { attempt: 1 }]),
    reply('', ['weather', { city: 'Oslo', days: 2 }]),
    reply('Here is what I found.'),
  ]);

const judge = async (expectation: Expectation) => evaluateExpectation(await reweatherRun(), expectation);

describe('expectations on one round', () => {
  it('round N judges only that round, and a failure names it', async () => {
    expect(
      await judge({ kind: 'tools-called', tools: ['broken'], mode: 'exact', round: { kind: 'number', round: 2 } }),
    ).toMatchObject({ outcome: 'pass', round: 2 });
    expect(
      await judge({ kind: 'tools-called', tools: ['broken'], mode: 'exact', round: { kind: 'number', round: 3 } }),
    ).toEqual({ outcome: 'fail', detail: 'in round 3: the calls were weather', modelGraded: false, round: 3 });
    // Over the whole run the same expectation holds nowhere exactly.
    expect(await judge({ kind: 'tools-called', tools: ['broken'], mode: 'exact' })).toMatchObject({ outcome: 'fail' });
  });

  it('a round the run never reached fails with how many it took', async () => {
    expect(await judge({ kind: 'no-tool-calls', round: { kind: 'number', round: 9 } })).toMatchObject({
      outcome: 'fail',
      detail: 'the run has no round 9 (it took 4)',
    });
  });

  it('"the first round calls no tool" and "the last round answers without tools"', async () => {
    expect(await judge({ kind: 'no-tool-calls', round: { kind: 'number', round: 1 } })).toMatchObject({
      outcome: 'fail',
      detail: 'in round 1: it called weather, clock',
      round: 1,
    });
    expect(await judge({ kind: 'no-tool-calls', round: { kind: 'last' } })).toMatchObject({
      outcome: 'pass',
      round: 4,
    });
    // No target: the whole run called no tool.
    expect(await judge({ kind: 'no-tool-calls' })).toMatchObject({ outcome: 'fail' });
  });

  it('the round where a tool is first called: its input there, not in later calls', async () => {
    const firstSearch = { kind: 'first-call', tool: 'weather' } as const;
    const pageOne: Expectation = {
      kind: 'tool-input',
      tool: 'weather',
      path: 'days',
      match: { kind: 'exact', value: 2 },
      calls: 'any',
    };
    expect(await judge(pageOne)).toMatchObject({ outcome: 'pass' });
    expect(await judge({ ...pageOne, round: firstSearch })).toMatchObject({
      outcome: 'fail',
      detail: 'in round 1: no call matched: the input has no “days”',
      round: 1,
    });
    expect(
      await judge({
        kind: 'tool-status',
        tool: 'broken',
        status: 'tool-error',
        round: { kind: 'first-call', tool: 'broken' },
      }),
    ).toMatchObject({ outcome: 'pass', round: 2 });
    expect(
      await judge({ kind: 'tools-called', tools: ['x'], mode: 'set', round: { kind: 'first-call', tool: 'map' } }),
    ).toMatchObject({ outcome: 'fail', detail: 'map was never called' });
  });

  it('"any round" is the whole run, as with no target', async () => {
    const expectation: Expectation = {
      kind: 'tools-called',
      tools: ['weather', 'broken', 'weather'],
      mode: 'in-order',
    };
    expect(await judge({ ...expectation, round: { kind: 'any' } })).toEqual(await judge(expectation));
  });
});

describe('tool-path', () => {
  it('compares the rounds that called tools, parallel calls in any order within a round', async () => {
    const steps = [['clock', 'weather'], ['broken'], ['weather']];
    expect(await judge({ kind: 'tool-path', steps, gaps: false })).toMatchObject({ outcome: 'pass' });
    expect(
      await judge({ kind: 'tool-path', steps: [['weather', 'clock'], ['broken'], ['weather']], gaps: false }),
    ).toMatchObject({ outcome: 'pass' });
  });

  it('without gaps the path must be exactly that; with gaps other rounds may come between', async () => {
    expect(await judge({ kind: 'tool-path', steps: [['clock', 'weather'], ['weather']], gaps: false })).toEqual({
      outcome: 'fail',
      detail: 'the path was clock + weather → broken → weather',
      modelGraded: false,
    });
    expect(await judge({ kind: 'tool-path', steps: [['clock', 'weather'], ['weather']], gaps: true })).toMatchObject({
      outcome: 'pass',
    });
    // A round must match whole: weather alone is not the first round's step.
    expect(await judge({ kind: 'tool-path', steps: [['weather'], ['broken']], gaps: true })).toMatchObject({
      outcome: 'fail',
    });
    expect(await judge({ kind: 'tool-path', steps: [['broken'], ['clock', 'weather']], gaps: true })).toMatchObject({
      outcome: 'fail',
    });
  });
});
