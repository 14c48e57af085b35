import { describe, expect, it } from 'vitest';
import type { OtlpSpan } from '../engine/otel/otlp-json';
import { EVALUATION_EVENT, unmadeRunTrace, type TestRunFacts } from './test-run-trace';

// A failure whose reason quotes a tool's argument: model content, as a grader's reason or a mismatch can be.
const facts = (content: boolean): TestRunFacts => ({
  suiteName: 'Weather',
  caseId: 'paris',
  caseName: 'Clothes for Paris',
  modelLabel: 'demo/demo',
  attempt: 1,
  expectations: [
    { kind: 'tools-called', tools: ['demo__weather_get'], mode: 'set' },
    { kind: 'rubric', rubric: 'Mentions rain' },
  ],
  results: [
    { outcome: 'pass', detail: '', modelGraded: false },
    { outcome: 'fail', detail: 'the model passed {"city": "secret-city-from-the-model"}', modelGraded: true },
  ],
  content,
});

const evaluations = (content: boolean) => {
  const span = unmadeRunTrace('run-1', facts(content), 1_000, 'test').resourceSpans[0]?.scopeSpans[0]?.spans[0];
  return (span as OtlpSpan).events
    .filter((event) => event.name === EVALUATION_EVENT)
    .map((event) => Object.fromEntries(event.attributes.map((kv) => [kv.key, Object.values(kv.value)[0]])));
};

describe('evaluation events and content', () => {
  it('leaves the explanation out without content: what was checked and the score only', () => {
    const events = evaluations(false);
    expect(events).toEqual([
      expect.objectContaining({ 'gen_ai.evaluation.score.label': 'pass', 'gen_ai.evaluation.score.value': 1 }),
      expect.objectContaining({
        'gen_ai.evaluation.name': expect.stringContaining('Mentions rain') as string,
        'gen_ai.evaluation.score.label': 'fail',
        'gen_ai.evaluation.score.value': 0,
      }),
    ]);
    expect(events.some((event) => 'gen_ai.evaluation.explanation' in event)).toBe(false);
    expect(JSON.stringify(events)).not.toContain('secret-city-from-the-model');
  });

  it('carries the explanation with content, cut at 1,000 characters', () => {
    const [passed, failed] = evaluations(true);
    expect(passed).not.toHaveProperty('gen_ai.evaluation.explanation');
    expect(failed).toMatchObject({
      'gen_ai.evaluation.explanation': 'the model passed {"city": "secret-city-from-the-model"}',
    });
    const long = facts(true);
    const span = unmadeRunTrace(
      'run-2',
      { ...long, results: [long.results[0]!, { outcome: 'fail', detail: 'x'.repeat(5_000), modelGraded: true }] },
      1_000,
      'test',
    ).resourceSpans[0]?.scopeSpans[0]?.spans[0];
    const explanation = span?.events[1]?.attributes.find((kv) => kv.key === 'gen_ai.evaluation.explanation');
    expect(explanation?.value).toEqual({ stringValue: 'x'.repeat(1_000) });
  });
});
