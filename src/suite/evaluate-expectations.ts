// Checks a run's transcript against a test case's expectations. Pure but for the injected rubric grader.
import type { Transcript } from '../engine/transcript/transcript';
import { listCalls, readFinalAnswer, readRunCost } from './read-run';
import { matchText, matchValue, quote, readPath, type MatchVerdict } from './match-value';
import type { Expectation } from './test-suite';

export type ExpectationOutcome = 'pass' | 'fail' | 'skipped';

export interface ExpectationResult {
  outcome: ExpectationOutcome;
  /** Why it failed or was skipped; for a rubric, the grader's reason. */
  detail: string;
  /** True for a rubric: a model decided, so the result may differ from run to run. */
  modelGraded: boolean;
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

/** Whether `wanted` appears in `names` in this order, other names allowed between. */
function isSubsequence(wanted: readonly string[], names: readonly string[]): boolean {
  let next = 0;
  for (const name of names) if (name === wanted[next]) next += 1;
  return next === wanted.length;
}

function checkToolsCalled(names: string[], expectation: Extract<Expectation, { kind: 'tools-called' }>): MatchVerdict {
  const called = names.length === 0 ? 'no tool was called' : `the calls were ${names.join(' → ')}`;
  switch (expectation.mode) {
    case 'exact':
      return names.join('\n') === expectation.tools.join('\n') ? pass : fail(called);
    case 'in-order':
      return isSubsequence(expectation.tools, names) ? pass : fail(called);
    case 'set': {
      const missing = expectation.tools.filter((tool) => !names.includes(tool));
      return missing.length === 0 ? pass : fail(`${missing.join(', ')} never called (${called})`);
    }
  }
}

function checkToolInput(
  transcript: Transcript,
  expectation: Extract<Expectation, { kind: 'tool-input' }>,
): MatchVerdict {
  const calls = listCalls(transcript).filter((call) => call.name === expectation.tool);
  if (calls.length === 0) return fail(`${expectation.tool} was never called`);
  const verdicts = calls.map((call) => {
    const at = readPath(call.input, expectation.path);
    return at.found ? matchValue(at.value, expectation.match) : fail(`the input has no ${quote(expectation.path)}`);
  });
  const failed = verdicts.filter((check) => !check.ok);
  if (expectation.calls === 'all') return failed[0] ?? pass;
  return failed.length < verdicts.length ? pass : fail(`no call matched: ${failed[0]?.why ?? ''}`);
}

function checkToolStatus(
  transcript: Transcript,
  expectation: Extract<Expectation, { kind: 'tool-status' }>,
): MatchVerdict {
  const calls = listCalls(transcript).filter(
    (call) => expectation.tool === undefined || call.name === expectation.tool,
  );
  if (calls.length === 0)
    return fail(expectation.tool === undefined ? 'no tool was called' : `${expectation.tool} was never called`);
  const other = calls.find((call) => call.status !== expectation.status);
  return other === undefined ? pass : fail(`${other.name} ended ${other.status}`);
}

function checkSync(transcript: Transcript, expectation: Exclude<Expectation, { kind: 'rubric' }>): MatchVerdict {
  switch (expectation.kind) {
    case 'tools-called':
      return checkToolsCalled(
        listCalls(transcript).map((call) => call.name),
        expectation,
      );
    case 'tool-input':
      return checkToolInput(transcript, expectation);
    case 'tool-status':
      return checkToolStatus(transcript, expectation);
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
  if (expectation.kind !== 'rubric') return verdict(checkSync(transcript, expectation));
  if (grade === undefined) return { outcome: 'skipped', detail: 'no grading model (offline)', modelGraded: true };
  try {
    const graded = await grade(expectation.rubric, readFinalAnswer(transcript));
    return { outcome: graded.pass ? 'pass' : 'fail', detail: graded.reason, modelGraded: true };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { outcome: 'fail', detail: `the grading model failed: ${why}`, modelGraded: true };
  }
}

/** Checks every expectation of a case against one run, in order. */
export async function evaluateExpectations(
  transcript: Transcript,
  expectations: readonly Expectation[],
  grade?: RubricGrader,
): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = [];
  for (const expectation of expectations) results.push(await evaluateExpectation(transcript, expectation, grade));
  return results;
}
