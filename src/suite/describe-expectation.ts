// One line per expectation, for the Tests panel, the command line report and JUnit test names. Pure.
import { describeRoundTarget } from './select-rounds';
import type { Expectation, RoundTarget, TextMatcher, ValueMatcher } from './test-suite';

function describeValue(matcher: ValueMatcher): string {
  switch (matcher.kind) {
    case 'exact':
      return `is ${JSON.stringify(matcher.value)}`;
    case 'schema':
      return `fits the schema ${JSON.stringify(matcher.schema)}`;
    case 'regex':
      return `matches /${matcher.pattern}/${matcher.flags ?? ''}`;
  }
}

function describeText(matcher: TextMatcher): string {
  return matcher.kind === 'contains'
    ? `contains "${matcher.text}"${matcher.caseSensitive === true ? ' (case-sensitive)' : ''}`
    : `matches /${matcher.pattern}/${matcher.flags ?? ''}`;
}

/** " in round 2", " in the last round"…; nothing for the whole run. */
const inRound = (target: RoundTarget | undefined): string =>
  target === undefined || target.kind === 'any' ? '' : ` ${describeRoundTarget(target)}`;

/** A short sentence saying what the expectation checks, with its pass-rate threshold when it has one. */
export function describeExpectation(expectation: Expectation): string {
  const what = describeCheck(expectation);
  return expectation.minPassRate === undefined
    ? what
    : `${what} (in at least ${Math.round(expectation.minPassRate * 100)} % of runs)`;
}

function describeCheck(expectation: Expectation): string {
  switch (expectation.kind) {
    case 'tools-called': {
      const modes = { 'in-order': 'in this order', exact: 'exactly', set: 'in any order' } as const;
      return `calls ${expectation.tools.join(' → ') || 'no tool'}${inRound(expectation.round)} (${modes[expectation.mode]})`;
    }
    case 'tool-input':
      return `${expectation.calls === 'all' ? 'every' : 'a'} ${expectation.tool} call's ${expectation.path ? `input.${expectation.path}` : 'input'}${inRound(expectation.round)} ${describeValue(expectation.match)}`;
    case 'tool-status':
      return `${expectation.tool === undefined ? 'every tool call' : `every ${expectation.tool} call`}${inRound(expectation.round)} ends ${expectation.status}`;
    case 'no-tool-calls':
      return `no tool is called ${describeRoundTarget(expectation.round).replace('in any round', 'in the whole run')}`;
    case 'tool-path': {
      const path = expectation.steps.map((step) => step.join(' + ')).join(' → ') || 'no tool';
      return `the tool path is ${path}${expectation.gaps ? ' (other rounds may come between)' : ' (exactly)'}`;
    }
    case 'final-answer':
      return `the answer ${describeText(expectation.match)}`;
    case 'rubric':
      return `model-graded: ${expectation.rubric}`;
    case 'finish-reason':
      return `ends ${expectation.reason}`;
    case 'max-rounds':
      return `at most ${expectation.max} rounds`;
    case 'max-cost':
      return `costs at most $${expectation.usd}`;
  }
}
