// The expectations on a run's tool calls, each judged on the rounds its target picks. Pure.
import type { Transcript, TranscriptRound, TranscriptToolCall } from '../engine/transcript/transcript';
import { matchValue, quote, readPath, type MatchVerdict } from './match-value';
import { selectRounds } from './select-rounds';
import type { Expectation } from './test-suite';

/** The call expectations. */
export type CallExpectation = Extract<
  Expectation,
  { kind: 'tools-called' | 'tool-input' | 'tool-status' | 'no-tool-calls' | 'tool-path' }
>;

/** A verdict and the round it judged (when the expectation targets one round). */
export interface CallVerdict {
  verdict: MatchVerdict;
  round?: number;
}

const pass: MatchVerdict = { ok: true, why: '' };
const fail = (why: string): MatchVerdict => ({ ok: false, why });

/** Whether `wanted` appears in `items` in this order, other items allowed between (`same` compares two). */
function isSubsequence<T>(wanted: readonly T[], items: readonly T[], same: (a: T, b: T) => boolean): boolean {
  let next = 0;
  for (const item of items) if (next < wanted.length && same(item, wanted[next] as T)) next += 1;
  return next === wanted.length;
}

const sameName = (a: string, b: string) => a === b;

function checkToolsCalled(names: string[], expectation: Extract<Expectation, { kind: 'tools-called' }>): MatchVerdict {
  const called = names.length === 0 ? 'no tool was called' : `the calls were ${names.join(' → ')}`;
  switch (expectation.mode) {
    case 'exact':
      return names.join('\n') === expectation.tools.join('\n') ? pass : fail(called);
    case 'in-order':
      return isSubsequence(expectation.tools, names, sameName) ? pass : fail(called);
    case 'set': {
      const missing = expectation.tools.filter((tool) => !names.includes(tool));
      return missing.length === 0 ? pass : fail(`${missing.join(', ')} never called (${called})`);
    }
  }
}

function checkToolInput(
  calls: readonly TranscriptToolCall[],
  expectation: Extract<Expectation, { kind: 'tool-input' }>,
): MatchVerdict {
  const mine = calls.filter((call) => call.name === expectation.tool);
  if (mine.length === 0) return fail(`${expectation.tool} was never called`);
  const verdicts = mine.map((call) => {
    const at = readPath(call.input, expectation.path);
    return at.found ? matchValue(at.value, expectation.match) : fail(`the input has no ${quote(expectation.path)}`);
  });
  const failed = verdicts.filter((check) => !check.ok);
  if (expectation.calls === 'all') return failed[0] ?? pass;
  return failed.length < verdicts.length ? pass : fail(`no call matched: ${failed[0]?.why ?? ''}`);
}

function checkToolStatus(
  calls: readonly TranscriptToolCall[],
  expectation: Extract<Expectation, { kind: 'tool-status' }>,
): MatchVerdict {
  const mine = calls.filter((call) => expectation.tool === undefined || call.name === expectation.tool);
  if (mine.length === 0)
    return fail(expectation.tool === undefined ? 'no tool was called' : `${expectation.tool} was never called`);
  const other = mine.find((call) => call.status !== expectation.status);
  return other === undefined ? pass : fail(`${other.name} ended ${other.status}`);
}

/** A round's tools as a step of the path: sorted, so the order of parallel calls within a round does not count. */
const stepOf = (round: TranscriptRound): string[] => round.toolCalls.map((call) => call.name).sort();
const sameStep = (a: readonly string[], b: readonly string[]) => a.join('\n') === [...b].sort().join('\n');
const showPath = (steps: readonly (readonly string[])[]) =>
  steps.length === 0 ? 'no tool was called' : steps.map((step) => step.join(' + ')).join(' → ');

function checkToolPath(transcript: Transcript, expectation: Extract<Expectation, { kind: 'tool-path' }>): MatchVerdict {
  const path = transcript.rounds.filter((round) => round.toolCalls.length > 0).map(stepOf);
  const holds = expectation.gaps
    ? isSubsequence(expectation.steps, path, sameStep)
    : path.length === expectation.steps.length &&
      path.every((step, index) => sameStep(step, expectation.steps[index] ?? []));
  return holds ? pass : fail(`the path was ${showPath(path)}`);
}

/** Judges a call expectation on `transcript`; a failure on a targeted round says which round. */
export function checkCalls(transcript: Transcript, expectation: CallExpectation): CallVerdict {
  if (expectation.kind === 'tool-path') return { verdict: checkToolPath(transcript, expectation) };
  const selection = selectRounds(transcript, expectation.round);
  if (!selection.found) return { verdict: fail(selection.why) };
  const calls = selection.rounds.flatMap((round) => round.toolCalls);
  const verdict = ((): MatchVerdict => {
    switch (expectation.kind) {
      case 'tools-called':
        return checkToolsCalled(
          calls.map((call) => call.name),
          expectation,
        );
      case 'tool-input':
        return checkToolInput(calls, expectation);
      case 'tool-status':
        return checkToolStatus(calls, expectation);
      case 'no-tool-calls':
        return calls.length === 0 ? pass : fail(`it called ${calls.map((call) => call.name).join(', ')}`);
    }
  })();
  const judged = selection.round === undefined ? {} : { round: selection.round };
  if (verdict.ok || selection.round === undefined) return { verdict, ...judged };
  return { verdict: fail(`in ${selection.label}: ${verdict.why}`), ...judged };
}
