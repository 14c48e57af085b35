import { describe, expect, it } from 'vitest';
import { evaluateExpectation, evaluateExpectations } from './evaluate-expectations';
import { recordRun, reply } from './testing/record-run';
import type { Expectation } from './test-suite';

const weatherRun = () =>
  recordRun(
    [
      reply('Checking.', ['weather', { city: 'Paris', days: 2, units: { temp: 'C' } }], ['clock', {}]),
      reply('', ['weather', { city: 'Oslo', days: 1 }]),
      reply('Wear a light jacket in Paris.'),
    ],
    { price: { input: 3, output: 15 } },
  );

async function outcome(expectation: Expectation) {
  return (await evaluateExpectation(await weatherRun(), expectation)).outcome;
}

describe('tools-called', () => {
  it('in-order accepts other calls between, refuses another order', async () => {
    expect(await outcome({ kind: 'tools-called', tools: ['weather', 'weather'], mode: 'in-order' })).toBe('pass');
    expect(await outcome({ kind: 'tools-called', tools: ['clock', 'weather'], mode: 'in-order' })).toBe('pass');
    expect(await outcome({ kind: 'tools-called', tools: ['clock', 'clock'], mode: 'in-order' })).toBe('fail');
  });

  it('exact wants exactly that sequence', async () => {
    expect(await outcome({ kind: 'tools-called', tools: ['weather', 'clock', 'weather'], mode: 'exact' })).toBe('pass');
    expect(await outcome({ kind: 'tools-called', tools: ['weather', 'weather'], mode: 'exact' })).toBe('fail');
  });

  it('set wants each at least once, in any order, and names the missing one', async () => {
    expect(await outcome({ kind: 'tools-called', tools: ['clock', 'weather'], mode: 'set' })).toBe('pass');
    const result = await evaluateExpectation(await weatherRun(), { kind: 'tools-called', tools: ['map'], mode: 'set' });
    expect(result).toMatchObject({
      outcome: 'fail',
      detail: 'map never called (the calls were weather → clock → weather)',
    });
  });
});

describe('tool-input matchers', () => {
  it('exact compares deeply, ignoring key order, at a path or the whole input', async () => {
    expect(
      await outcome({
        kind: 'tool-input',
        tool: 'weather',
        path: 'city',
        match: { kind: 'exact', value: 'Oslo' },
        calls: 'any',
      }),
    ).toBe('pass');
    expect(
      await outcome({
        kind: 'tool-input',
        tool: 'weather',
        path: 'city',
        match: { kind: 'exact', value: 'Oslo' },
        calls: 'all',
      }),
    ).toBe('fail');
    expect(
      await outcome({
        kind: 'tool-input',
        tool: 'weather',
        match: { kind: 'exact', value: { days: 1, city: 'Oslo' } },
        calls: 'any',
      }),
    ).toBe('pass');
    expect(
      await outcome({
        kind: 'tool-input',
        tool: 'weather',
        path: 'units.temp',
        match: { kind: 'exact', value: 'C' },
        calls: 'any',
      }),
    ).toBe('pass');
  });

  it('a missing path fails with the path named', async () => {
    const result = await evaluateExpectation(await weatherRun(), {
      kind: 'tool-input',
      tool: 'weather',
      path: 'units.temp',
      match: { kind: 'exact', value: 'C' },
      calls: 'all',
    });
    expect(result).toMatchObject({ outcome: 'fail', detail: 'the input has no “units.temp”' });
  });

  it('a JSON Schema checks every call', async () => {
    const schema = {
      type: 'object',
      required: ['city', 'days'],
      properties: { days: { type: 'integer', maximum: 3 } },
    };
    expect(
      await outcome({ kind: 'tool-input', tool: 'weather', match: { kind: 'schema', schema }, calls: 'all' }),
    ).toBe('pass');
    const strict = { ...schema, properties: { days: { type: 'integer', maximum: 1 } } };
    const result = await evaluateExpectation(await weatherRun(), {
      kind: 'tool-input',
      tool: 'weather',
      match: { kind: 'schema', schema: strict },
      calls: 'all',
    });
    expect(result.outcome).toBe('fail');
    expect(result.detail).toContain('does not fit the schema');
  });

  it('a regular expression tests strings as they are and other values as JSON; a bad pattern fails plainly', async () => {
    expect(
      await outcome({
        kind: 'tool-input',
        tool: 'weather',
        path: 'city',
        match: { kind: 'regex', pattern: '^(Paris|Oslo)$' },
        calls: 'all',
      }),
    ).toBe('pass');
    expect(
      await outcome({
        kind: 'tool-input',
        tool: 'weather',
        path: 'units',
        match: { kind: 'regex', pattern: '"temp":"C"' },
        calls: 'any',
      }),
    ).toBe('pass');
    const bad = await evaluateExpectation(await weatherRun(), {
      kind: 'tool-input',
      tool: 'weather',
      path: 'city',
      match: { kind: 'regex', pattern: '(' },
      calls: 'any',
    });
    expect(bad.outcome).toBe('fail');
    expect(bad.detail).toContain('not a valid regular expression');
  });

  it('a tool never called fails', async () => {
    expect(await outcome({ kind: 'tool-input', tool: 'map', match: { kind: 'exact', value: {} }, calls: 'any' })).toBe(
      'fail',
    );
  });
});

describe('status, answer, finish, budgets', () => {
  it('tool-status checks every call of a tool or of all tools', async () => {
    expect(await outcome({ kind: 'tool-status', status: 'ok' })).toBe('pass');
    const broken = await recordRun([reply('', ['broken', {}], ['weather', {}]), reply('Sorry.')]);
    expect((await evaluateExpectation(broken, { kind: 'tool-status', status: 'ok' })).detail).toBe(
      'broken ended tool-error',
    );
    expect((await evaluateExpectation(broken, { kind: 'tool-status', tool: 'weather', status: 'ok' })).outcome).toBe(
      'pass',
    );
  });

  it('final-answer contains (case-insensitive by default) or matches', async () => {
    expect(await outcome({ kind: 'final-answer', match: { kind: 'contains', text: 'LIGHT JACKET' } })).toBe('pass');
    expect(
      await outcome({ kind: 'final-answer', match: { kind: 'contains', text: 'LIGHT JACKET', caseSensitive: true } }),
    ).toBe('fail');
    expect(await outcome({ kind: 'final-answer', match: { kind: 'regex', pattern: 'jacket in (Paris|Oslo)' } })).toBe(
      'pass',
    );
    expect(await outcome({ kind: 'final-answer', match: { kind: 'contains', text: 'umbrella' } })).toBe('fail');
  });

  it('finish reason, rounds and cost at the recorded price', async () => {
    expect(await outcome({ kind: 'finish-reason', reason: 'end_turn' })).toBe('pass');
    expect(await outcome({ kind: 'finish-reason', reason: 'limit:rounds' })).toBe('fail');
    expect(await outcome({ kind: 'max-rounds', max: 3 })).toBe('pass');
    expect(await outcome({ kind: 'max-rounds', max: 2 })).toBe('fail');
    // 3 rounds × (100 in × $3 + 20 out × $15) per million = $0.0018
    expect(await outcome({ kind: 'max-cost', usd: 0.0018 })).toBe('pass');
    expect(await outcome({ kind: 'max-cost', usd: 0.0017 })).toBe('fail');
    const unpriced = await recordRun([reply('Hi.')]);
    expect((await evaluateExpectation(unpriced, { kind: 'max-cost', usd: 1 })).detail).toBe(
      'the run has no price to count its cost with',
    );
  });
});

describe('rubric (model-graded)', () => {
  it('asks the grader with the rubric and the answer, and is marked model-graded', async () => {
    const asked: string[][] = [];
    const grade = (rubric: string, answer: string) => {
      asked.push([rubric, answer]);
      return Promise.resolve({ pass: answer.includes('jacket'), reason: 'mentions clothing' });
    };
    const [result] = await evaluateExpectations(
      await weatherRun(),
      [{ kind: 'rubric', rubric: 'Advises clothing' }],
      grade,
    );
    expect(result).toEqual({ outcome: 'pass', detail: 'mentions clothing', modelGraded: true });
    expect(asked).toEqual([['Advises clothing', 'Wear a light jacket in Paris.']]);
  });

  it('is skipped without a grader and fails plainly when the grader fails', async () => {
    const transcript = await weatherRun();
    expect((await evaluateExpectation(transcript, { kind: 'rubric', rubric: 'x' })).outcome).toBe('skipped');
    const failing = await evaluateExpectation(transcript, { kind: 'rubric', rubric: 'x' }, () =>
      Promise.reject(new Error('401')),
    );
    expect(failing).toMatchObject({ outcome: 'fail', detail: 'the grading model failed: 401' });
  });
});
