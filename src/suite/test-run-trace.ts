// Pure: a test run's trace with its verdicts — each expectation's outcome a `gen_ai.evaluation.result` event on the
// run's `invoke_agent` span (the GenAI events page: the event is parented to the operation it evaluates), the case,
// model and attempt as attributes. A run that could not be made is a lone failed run span carrying the same events.
import { doubleAttribute, STATUS_ERROR, toAttributes, toUnixNano, SPAN_KIND_INTERNAL } from '../engine/otel/otlp-json';
import type { OtlpKeyValue, OtlpSpan, OtlpSpanEvent, OtlpTraceRequest } from '../engine/otel/otlp-json';
import { spanIdOf, traceIdOf } from '../engine/otel/otel-ids';
import { describeExpectation } from './describe-expectation';
import type { ExpectationResult } from './evaluate-expectations';
import type { Expectation } from './test-suite';

/** The name of the conventions' evaluation event. */
export const EVALUATION_EVENT = 'gen_ai.evaluation.result';

/** How long an explanation may be: a grader's reason, not a page. */
const MAX_EXPLANATION = 1_000;

/** What a test run's trace says besides the run itself. */
export interface TestRunFacts {
  suiteName: string;
  caseId: string;
  caseName: string;
  /** `provider/model`, the report's column. */
  modelLabel: string;
  attempt: number;
  expectations: readonly Expectation[];
  /** One per expectation; absent entries (a run that could not be made) are failures with `error` as the reason. */
  results: readonly ExpectationResult[];
  error?: string;
  /**
   * `--otlp-content`: only then do the events carry `gen_ai.evaluation.explanation`, which can quote tool arguments,
   * results and the answer (model content); without it an event says what was checked and the score, not why.
   */
  content: boolean;
}

/**
 * The case's attributes on the run span: which case, model and repetition, and whether it passed. Low cardinality
 * first (suite, case id, model), so a backend can group runs of one case across CI runs.
 */
function testAttributes(facts: TestRunFacts, passed: boolean): OtlpKeyValue[] {
  return toAttributes({
    'loupe.test.suite': facts.suiteName,
    'loupe.test.case.id': facts.caseId,
    'loupe.test.case.name': facts.caseName,
    'loupe.test.model': facts.modelLabel,
    'loupe.test.attempt': facts.attempt,
    'loupe.test.passed': passed,
  });
}

/**
 * One event per expectation: `gen_ai.evaluation.name` says what it checks, `score.label` is `pass`, `fail` or
 * `skipped`, `score.value` 1 or 0 (none when skipped), `explanation` why it failed or was skipped (or the grader's
 * reason for a rubric) — with content only.
 */
function evaluationEvents(facts: TestRunFacts, at: number): OtlpSpanEvent[] {
  return facts.expectations.map((expectation, index) => {
    const result: ExpectationResult = facts.results[index] ?? {
      outcome: 'fail',
      detail: facts.error ?? 'the run was not checked',
      modelGraded: false,
    };
    const explanation = facts.content ? result.detail.slice(0, MAX_EXPLANATION) : '';
    return {
      name: EVALUATION_EVENT,
      timeUnixNano: toUnixNano(at),
      attributes: [
        ...toAttributes({
          'gen_ai.evaluation.name': describeExpectation(expectation),
          'gen_ai.evaluation.score.label': result.outcome,
        }),
        ...(result.outcome === 'skipped'
          ? []
          : [doubleAttribute('gen_ai.evaluation.score.value', result.outcome === 'pass' ? 1 : 0)]),
        ...toAttributes({
          'gen_ai.evaluation.explanation': explanation === '' ? undefined : explanation,
          'loupe.expectation.kind': expectation.kind,
          'loupe.expectation.index': index,
          'loupe.expectation.model_graded': result.modelGraded,
        }),
      ],
    };
  });
}

const isPassed = (facts: TestRunFacts) =>
  facts.error === undefined &&
  facts.expectations.every((_, index) => (facts.results[index]?.outcome ?? 'fail') !== 'fail');

/** `request` (the trace of run `runId`) with the verdicts on its run span; the other spans as they are. */
export function withTestVerdicts(request: OtlpTraceRequest, runId: string, facts: TestRunFacts): OtlpTraceRequest {
  const agentId = spanIdOf(runId, 'agent');
  const mark = (span: OtlpSpan): OtlpSpan => {
    if (span.spanId !== agentId) return span;
    const at = Number(BigInt(span.endTimeUnixNano) / 1_000_000n);
    return {
      ...span,
      attributes: [...span.attributes, ...testAttributes(facts, isPassed(facts))],
      events: [...span.events, ...evaluationEvents(facts, at)],
    };
  };
  return {
    resourceSpans: request.resourceSpans.map((resource) => ({
      ...resource,
      scopeSpans: resource.scopeSpans.map((scope) => ({ ...scope, spans: scope.spans.map(mark) })),
    })),
  };
}

/** The trace of a run that could not be made (no transcript): its run span, failed with the reason, and verdicts. */
export function unmadeRunTrace(runId: string, facts: TestRunFacts, at: number, appVersion: string): OtlpTraceRequest {
  const span: OtlpSpan = {
    traceId: traceIdOf(runId),
    spanId: spanIdOf(runId, 'agent'),
    name: 'invoke_agent Loupe',
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: toUnixNano(at),
    endTimeUnixNano: toUnixNano(at),
    attributes: toAttributes({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'Loupe',
      'loupe.run.id': runId,
      'error.type': 'loupe.run_not_made',
    }),
    events: [],
    links: [],
    status: { code: STATUS_ERROR, message: facts.error ?? 'the run could not be made' },
  };
  const request: OtlpTraceRequest = {
    resourceSpans: [
      {
        resource: { attributes: toAttributes({ 'service.name': 'loupe', 'service.version': appVersion }) },
        scopeSpans: [{ scope: { name: 'loupe', version: appVersion }, spans: [span] }],
      },
    ],
  };
  return withTestVerdicts(request, runId, facts);
}
