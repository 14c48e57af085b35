// Checks a run's transcript against a test case's expectations. Pure but for the injected rubric grader.
import { withConnectorCalls } from './with-connector-calls';
import type { Transcript } from '../engine/transcript/transcript';
import { checkCalls } from './check-calls';
import { readFinalAnswer, readRunCost } from './read-run';
import { matchText, type MatchVerdict } from './match-value';
import type { Expectation } from './test-suite';

export type ExpectationOutcome = 'pass' | 'fail' | 'skipped';

export interface ExpectationResult {
  outcome: ExpectationOutcome;
  /** Why it failed or was skipped; for a rubric, the grader's reason. */
  detail: string;
  /** True for a rubric: a model decided, so the result may differ from run to run. */
  modelGraded: boolean;
  /** The round it judged, when it targets one (`round` on a call expectation). */
  round?: number;
}

/** Asks a model whether `answer` meets `rubric`. Absent (offline, no model): rubric expectations are skipped. */
export type RubricGrader = (rubric: string, answer: string) => Promise<{ pass: boolean; reason: string }>;

const verdict = (check: MatchVerdict): ExpectationResult => ({
  outcome: check.ok ? 'pass' : 'fail',
  detail: check.why,
  modelGraded: false,
});
const pass: MatchVerdict = { ok: true, why: '' };
const fail = (why: string): MatchVerdict => ({ ok: false, why });

type RunExpectation = Extract<Expectation, { kind: 'final-answer' | 'finish-reason' | 'max-rounds' | 'max-cost' }>;

function checkRun(transcript: Transcript, expectation: RunExpectation): MatchVerdict {
  switch (expectation.kind) {
    case 'final-answer':
      return matchText(readFinalAnswer(transcript), expectation.match);
    case 'finish-reason':
      return transcript.finishReason === expectation.reason
        ? pass
        : fail(`the run ended ${transcript.finishReason ?? 'without a finish reason'}`);
    case 'max-rounds':
      return transcript.rounds.length <= expectation.max
        ? pass
        : fail(`the run took ${transcript.rounds.length} rounds`);
    case 'max-cost': {
      const cost = readRunCost(transcript);
      if (cost === undefined) return fail('the run has no price to count its cost with');
      return cost <= expectation.usd ? pass : fail(`the run cost $${cost.toFixed(4)}`);
    }
  }
}

/** Checks one expectation; a rubric asks `grade`, and is skipped without one. Never throws. */
export async function evaluateExpectation(
  transcript: Transcript,
  expectation: Expectation,
  grade?: RubricGrader,
): Promise<ExpectationResult> {
  switch (expectation.kind) {
    case 'tools-called':
    case 'tool-input':
    case 'tool-status':
    case 'no-tool-calls':
    case 'tool-path': {
      const judged = checkCalls(transcript, expectation);
      return { ...verdict(judged.verdict), ...(judged.round === undefined ? {} : { round: judged.round }) };
    }
    case 'rubric':
      break;
    default:
      return verdict(checkRun(transcript, expectation));
  }
  if (grade === undefined) return { outcome: 'skipped', detail: 'no grading model (offline)', modelGraded: true };
  try {
    const graded = await grade(expectation.rubric, readFinalAnswer(transcript));
    return { outcome: graded.pass ? 'pass' : 'fail', detail: graded.reason, modelGraded: true };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { outcome: 'fail', detail: `the grading model failed: ${why}`, modelGraded: true };
  }
}

/**
 * Checks every expectation of a case against one run, in order. The MCP connector's calls count as tool calls
 * (`withConnectorCalls`), so a case judges a server run through the API like one run through the runner.
 */
export async function evaluateExpectations(
  recorded: Transcript,
  expectations: readonly Expectation[],
  grade?: RubricGrader,
): Promise<ExpectationResult[]> {
  const transcript = withConnectorCalls(recorded);
  const results: ExpectationResult[] = [];
  for (const expectation of expectations) results.push(await evaluateExpectation(transcript, expectation, grade));
  return results;
}
